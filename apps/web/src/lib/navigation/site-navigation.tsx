import { type AnchorHTMLAttributes, createContext, type MouseEvent, use } from 'react';

// The layouts and the home page move around the site through this context, not React Router's hooks:
// the home page's own entry (app/home-app.tsx) hydrates without the router, which only the app needs.
// In the app, the root layout provides it from React Router (app/router-site-navigation.tsx).

export interface SiteLocation {
  pathname: string;
  search: string;
  hash: string;
  /** 'default' for the address the page was loaded with; another value after each move. */
  key: string;
}

export interface SiteNavigation {
  location: SiteLocation;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

export const SiteNavigationContext = createContext<SiteNavigation | null>(null);

function useSiteNavigation(): SiteNavigation {
  const navigation = use(SiteNavigationContext);
  if (!navigation)
    throw new Error('No SiteNavigationContext: render under the root layout or the home entry');
  return navigation;
}

export function useSiteLocation(): SiteLocation {
  return useSiteNavigation().location;
}

export function useSiteNavigate(): SiteNavigation['navigate'] {
  return useSiteNavigation().navigate;
}

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to a page of the site: a plain click moves within the document, as React Router's <Link> does
 * (the current address is replaced, not repeated); a click with a modifier key, another button or
 * another target is the browser's.
 */
export function SiteLink({ to, onClick, ...props }: SiteLinkProps) {
  const { location, navigate } = useSiteNavigation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    const elsewhere = props.target !== undefined && props.target !== '_self';
    if (event.defaultPrevented || event.button !== 0 || modified || elsewhere) return;
    event.preventDefault();
    const here = `${location.pathname}${location.search}${location.hash}`;
    navigate(to, { replace: to === here });
  };
  return <a {...props} href={to} onClick={follow} />;
}
