import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { DelayedSpinnerModal } from '../components/ui/spinner-modal';
import { useSession } from '../lib/api/session';
import { SessionStatusContext } from '../lib/api/session-status';
import { useWhenIdle } from '../lib/browser/when-idle';
import { useGiveBackTypedEarly } from '../lib/forms/typed-early';
import { startedByHandOver } from '../lib/navigation/hand-over';
import { useTrackPageViews } from '../lib/tracking/tracking';
import { SessionGate } from './guards';
import { MAIN_ID } from './layouts/app-layout';
import { RouterSiteNavigation } from './router-site-navigation';

/**
 * After a navigation the new page starts at its top, and focus goes to its <h1> (or <main>) unless the
 * page has already put it somewhere (a field, a modal), so screen readers announce the new page.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  // Taking over from the home page's entry (lib/navigation/hand-over.ts), the first page follows a click too.
  const previousPath = useRef(startedByHandOver() ? null : pathname);

  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    // No <ScrollRestoration>: it writes to sessionStorage. window.scrollTo, not the root's scrollTop: a
    // phone's visual viewport can stay offset when the page it was over gets shorter, and only it resets both.
    window.scrollTo(0, 0);
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const main = document.getElementById(MAIN_ID);
    const target = main?.querySelector<HTMLElement>('h1[tabindex]') ?? main;
    target?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * The root route: focus management across pages, the trail's screen views, the site's navigation and the
 * session's status for the layouts, then the session gate; once the browser is idle, the next pages' code. While the next page's code is on its way the
 * current page stays, and a slow fetch shows 'Carregando...'.
 */
export function RootLayout({ preloadNext }: { preloadNext?: (pathname: string) => void }) {
  useFocusOnNavigation();
  const { pathname } = useLocation();
  useTrackPageViews(pathname);
  useWhenIdle(() => preloadNext?.(pathname), [pathname]);
  useGiveBackTypedEarly();
  const { status } = useSession();
  const loadingPage = useNavigation().state === 'loading';
  return (
    <RouterSiteNavigation>
      <SessionStatusContext value={status}>
        <SessionGate />
        {loadingPage ? <DelayedSpinnerModal /> : null}
      </SessionStatusContext>
    </RouterSiteNavigation>
  );
}
