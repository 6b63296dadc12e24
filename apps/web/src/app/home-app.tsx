import {
  lazy,
  type ReactNode,
  StrictMode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { DelayedSpinnerModal } from '../components/ui/spinner-modal';
import { HomePage } from '../features/home/home-page';
import { type IslandClients, IslandClientsContext } from '../lib/api/island-clients';
import { SessionStatusContext } from '../lib/api/session-status';
import { rememberTypedEarly } from '../lib/forms/typed-early';
import { HandOverContext, noteHandOver } from '../lib/navigation/hand-over';
import { paths } from '../lib/navigation/paths';
import {
  type SiteLocation,
  type SiteNavigation,
  SiteNavigationContext,
} from '../lib/navigation/site-navigation';
import { AppLayout } from './layouts/app-layout';
import { SiteHeader } from './layouts/site-header';

// '/' has an entry of its own (home.html → home-main.tsx): the prerendered home page hydrates with React
// and the page alone, without the app's router, API client, forms and masks. Its parts that call the BFF
// are islands loaded right after (lib/api/island-providers.tsx). Leaving the page for any other address
// hands the document over to the app (app/boot.tsx), which starts there: no page load, and what the
// banner's form handed over (lib/forms/prefill.ts) is still in memory.

/** Starts the app at `to`, in place of the home page: 'push' adds a history entry, 'replace' does not. */
type HandOver = (to: string, history: 'push' | 'replace') => void;

const loadingSession = import('./home-session');
const HomeSession = lazy(() => loadingSession);

/** The home page in its layout, as a visitor sees it: what the prerender renders and the entry hydrates. */
function HomeContent() {
  return (
    <SessionStatusContext value="signed-out">
      <AppLayout header={<SiteHeader />}>
        <HomePage />
      </AppLayout>
      <Suspense fallback={null}>
        <HomeSession />
      </Suspense>
    </SessionStatusContext>
  );
}

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** Where the browser is; at build time (prerender.tsx), the home page as loaded. */
function browserLocation(key: string): SiteLocation {
  if (typeof window === 'undefined') return { pathname: paths.home, search: '', hash: '', key };
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, key };
}

/**
 * The site's navigation (lib/navigation/site-navigation.tsx) over the browser's history, for the home page
 * only: a move within it (a section's anchor) stays here; any other address is the app's, handed over
 * with `handOver`. Meanwhile a slow download shows 'Carregando...', as the app does between pages.
 */
function HomeNavigation({ handOver, children }: { handOver: HandOver; children: ReactNode }) {
  // 'default' is the location the page was loaded with (features/home/use-section-scroll.ts).
  const [location, setLocation] = useState(() => browserLocation('default'));
  const [leaving, setLeaving] = useState(false);
  const moves = useRef(0);

  const leave = useCallback<HandOver>(
    (to, history) => {
      setLeaving(true);
      handOver(to, history);
    },
    [handOver],
  );

  // A new key at each move within the page (a section's heading takes the focus then).
  const arrive = useCallback(() => {
    moves.current += 1;
    setLocation(browserLocation(`move-${moves.current}`));
  }, []);

  const navigation = useMemo<SiteNavigation>(
    () => ({
      location,
      navigate: (to, { replace = false } = {}) => {
        if (new URL(to, window.location.href).pathname !== paths.home)
          return leave(to, replace ? 'replace' : 'push');
        window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
        arrive();
      },
    }),
    [location, leave, arrive],
  );

  useEffect(() => {
    const onPopState = () => {
      if (window.location.pathname !== paths.home) return leave(here(), 'replace');
      arrive();
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [leave, arrive]);

  const handOverHere = useCallback(() => leave(here(), 'replace'), [leave]);

  return (
    <SiteNavigationContext value={navigation}>
      <HandOverContext value={handOverHere}>{children}</HandOverContext>
      {leaving ? <DelayedSpinnerModal /> : null}
    </SiteNavigationContext>
  );
}

/** The home entry's whole tree: the prerender renders it as the browser hydrates it (ids match). */
export function HomeApp({ handOver, clients }: { handOver: HandOver; clients: IslandClients }) {
  return (
    <StrictMode>
      <IslandClientsContext value={clients}>
        <HomeNavigation handOver={handOver}>
          <HomeContent />
        </HomeNavigation>
      </IslandClientsContext>
    </StrictMode>
  );
}

/**
 * Hydrates the prerendered home page in `container`. Leaving it loads the app, which then renders in
 * the same document at the new address, with the islands' API clients; if the app's code cannot be
 * loaded (no network, a newer release), the browser goes there itself. Returns what stops whichever of
 * the two is running.
 */
export function startHome(container: HTMLElement): () => void {
  const clients: IslandClients = {};
  let current: Root | null = null;
  let started = false;
  const handOver: HandOver = (to, history) => {
    if (started) return;
    started = true;
    void import('./boot')
      .then(async ({ boot }) => {
        current?.unmount();
        container.replaceChildren();
        window.history[history === 'push' ? 'pushState' : 'replaceState'](null, '', to);
        noteHandOver();
        current = await boot(container, clients.queryClient);
      })
      .catch(() => window.location.assign(to));
  };
  // What was typed while the page's code loaded goes back into the form once it hydrates
  // (lib/forms/typed-early.ts).
  rememberTypedEarly(container);
  current = hydrateRoot(container, <HomeApp handOver={handOver} clients={clients} />);
  return () => current?.unmount();
}
