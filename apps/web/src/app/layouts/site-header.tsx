import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { BrandLogo } from '../../components/ui/brand-logo';
import { CloseIcon, MenuIcon } from '../../components/ui/icons';
import { useSessionStatus } from '../../lib/api/session-status';
import { useMediaQuery } from '../../lib/browser/media-query';
import { HOME_SECTIONS, homeAnchor } from '../../lib/navigation/home-sections';
import { paths } from '../../lib/navigation/paths';
import { SiteLink, useSiteLocation } from '../../lib/navigation/site-navigation';
import './layout.css';

/** Wide enough for the five anchors in a row beside the brand and 'Entrar'; below it they fold away. */
const ANCHORS_INLINE_QUERY = '(min-width: 1024px)';

function AnchorList({ id, onFollow }: { id?: string; onFollow?: () => void }) {
  return (
    <ul id={id} className="home-nav-list">
      {HOME_SECTIONS.map((section) => (
        <li key={section.id}>
          <SiteLink to={homeAnchor(section.id)} className="home-nav-link" onClick={onFollow}>
            {section.label}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The home page's anchors. On wide screens a row of links; on phones a disclosure: a 'Menu' button
 * (aria-expanded) opening the list under the header. Escape, a click outside or following a link
 * closes it; the followed section's heading then takes the focus (features/home/use-section-scroll).
 */
function HomeAnchors() {
  const inline = useMediaQuery(ANCHORS_INLINE_QUERY);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  if (inline) {
    return (
      <nav className="home-nav home-nav--inline" aria-label="Seções da página">
        <AnchorList />
      </nav>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <nav ref={navRef} className="home-nav" aria-label="Seções da página" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      <div id={listId} className="home-nav-panel" hidden={!open}>
        <AnchorList onFollow={() => setOpen(false)} />
      </div>
    </nav>
  );
}

/**
 * The public header (70 px, sticky): the brand, the section anchors on the home page only (not on the
 * 404 page, which shares this header) and 'Entrar' while signed out.
 */
export function SiteHeader() {
  const status = useSessionStatus();
  const { pathname } = useSiteLocation();
  return (
    <header className="site-header site-header--public">
      <div className="container site-header-inner">
        <SiteLink to={paths.home} className="brand-link" aria-label="Negocia Varejo, página inicial">
          <BrandLogo />
        </SiteLink>
        <div className="site-header-actions">
          {pathname === paths.home ? <HomeAnchors /> : null}
          {status === 'signed-out' ? (
            <nav aria-label="Acesso">
              <SiteLink to={paths.login} className="btn btn-header">
                Entrar
              </SiteLink>
            </nav>
          ) : null}
        </div>
      </div>
    </header>
  );
}
