import { useEffect } from 'react';
import { HOME_SECTIONS } from '../../lib/navigation/home-sections';
import { useSiteLocation } from '../../lib/navigation/site-navigation';

const SECTION_IDS: ReadonlySet<string> = new Set(HOME_SECTIONS.map((section) => section.id));

/** The section named by a location hash ('#beneficios'), if it is one of the home page's. */
export function sectionOf(hash: string): HTMLElement | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return SECTION_IDS.has(id) ? document.getElementById(id) : null;
}

/** A section's heading, the one that takes the focus when the section is reached. */
export function headingOf(section: HTMLElement): HTMLElement | null {
  return section.querySelector<HTMLElement>('h1[tabindex], h2[tabindex]');
}

/**
 * Scrolls to the section named by the URL's hash ('/#beneficios'): on a direct load (the browser looked
 * for it before React rendered it), and on every anchor click, from this page or another one. The
 * document's `scroll-padding-top` (the header's 70 px) keeps it clear of the sticky header. After a click the section's heading
 * gets the focus, so keyboard and screen-reader users continue from there.
 */
export function useSectionScroll(): void {
  const { hash, key } = useSiteLocation();

  useEffect(() => {
    const section = sectionOf(hash);
    if (!section) return;

    // 'default' is the location the page was loaded with: no click to follow with the focus.
    const heading = headingOf(section);
    if (key !== 'default' && heading && !heading.closest('[inert]')) heading.focus({ preventScroll: true });

    // On the next frame: after a page change the layout resets the scroll to the top first.
    const frame = window.requestAnimationFrame(() => {
      if (typeof section.scrollIntoView === 'function') section.scrollIntoView({ block: 'start' });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [hash, key]);
}
