import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import {
  clearSessionEndedByUser,
  SignedInSessionContext,
  sessionEndedByUser,
  useSession,
} from '../lib/api/session';
import { useSessionStatus } from '../lib/api/session-status';
import { trpc } from '../lib/api/trpc';
import { paths, routeTable } from '../lib/navigation/paths';
import { rememberReturnTo } from '../lib/navigation/return-to';

/** Most signed-in pages send a signed-out visitor to the start page; edit profile to login. */
function signedOutTarget(pathname: string): string {
  const route = Object.values(routeTable).find((r) => r.path === pathname);
  return (route && 'signedOutTo' in route ? route.signedOutTo : undefined) ?? paths.home;
}

/** While the session is unknown: a quiet wait, so no page flashes before the guard has decided. */
function SessionLoading() {
  return (
    <div className="boot" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">Carregando...</span>
    </div>
  );
}

/**
 * While the first page's code loads: the same wait, with the session already asked for meanwhile, and the
 * page's first data too (app/first-page-data.ts, fetched apart: it is not part of every page's first load).
 */
export function FirstPageLoading() {
  useSession();
  const utils = trpc.useUtils();
  useEffect(() => {
    const { pathname, search } = window.location;
    void import('./first-page-data').then(
      ({ askFirstPageData }) => askFirstPageData(utils, { pathname, search }),
      () => undefined, // the page asks itself
    );
  }, [utils]);
  return <SessionLoading />;
}

/**
 * Renders nothing of the app until `auth.session` has answered (the BFF re-validates it upstream): the
 * root layout asks for it and provides its status.
 */
export function SessionGate() {
  if (useSessionStatus() === 'loading') return <SessionLoading />;
  return <Outlet />;
}

/** Pages for signed-out visitors ('/', '/login', '/cadastro', …): a signed-in user goes to /minha-conta. */
export function GuestOnlyRoute() {
  const { status } = useSession();
  if (status === 'loading') return <SessionLoading />;
  if (status === 'signed-in') return <Navigate to={paths.minhaConta} replace />;
  return <Outlet />;
}

/** Pages of a signed-in user: without a session (or once it ends) the user goes to the start page. */
export function RequireSessionRoute() {
  const state = useSession();
  const location = useLocation();
  if (state.status === 'loading') return <SessionLoading />;
  if (state.status === 'signed-out') {
    // Signed out or deleted on purpose: straight to the start page, nothing to come back to.
    if (sessionEndedByUser()) return <Navigate to={paths.home} replace />;
    return <LeaveForStart pathname={location.pathname} search={location.search} />;
  }
  clearSessionEndedByUser();
  return (
    <SignedInSessionContext value={state.session}>
      <Outlet />
    </SignedInSessionContext>
  );
}

/**
 * Remembers an interrupted journey page for after the next sign-in (lib/navigation/return-to.ts), then
 * leaves.
 */
function LeaveForStart({ pathname, search }: { pathname: string; search: string }) {
  useEffect(() => rememberReturnTo(pathname, search), [pathname, search]);
  return <Navigate to={signedOutTarget(pathname)} replace />;
}
