import { type ReactNode, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { type SiteNavigation, SiteNavigationContext } from '../lib/navigation/site-navigation';

/**
 * The site's navigation (lib/navigation/site-navigation.tsx) in the app: React Router's location and
 * navigate.
 */
export function RouterSiteNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const value = useMemo<SiteNavigation>(
    () => ({ location, navigate: (to, options) => void navigate(to, options) }),
    [location, navigate],
  );
  return <SiteNavigationContext value={value}>{children}</SiteNavigationContext>;
}
