import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { createContext, use } from 'react';
import { type SessionView, trpc } from './trpc';

export type SessionState =
  | { status: 'loading'; session: null }
  | { status: 'signed-out'; session: null }
  | { status: 'signed-in'; session: SessionView };

/** The react-query key of `auth.session`, for code outside React (the cache-wide error handlers). */
export function sessionQueryKey(): QueryKey {
  return getQueryKey(trpc.auth.session, undefined, 'query');
}

/** Marks the session as ended: the route guard then sends the user to the start page. */
export function endSessionLocally(queryClient: QueryClient): void {
  const key = sessionQueryKey();
  if (queryClient.getQueryData(key)) queryClient.setQueryData(key, null);
}

/**
 * The signed-in user as the BFF sees it, asked once per page load (the BFF re-validates it upstream).
 * A failed lookup counts as signed out.
 */
export function useSession(): SessionState {
  const query = trpc.auth.session.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  if (query.data) return { status: 'signed-in', session: query.data };
  if (query.data === null || query.isError) return { status: 'signed-out', session: null };
  return { status: 'loading', session: null };
}

/** Provided by the signed-in route guard, which renders its pages only while a session exists. */
export const SignedInSessionContext = createContext<SessionView | null>(null);

/** The session of a page behind the signed-in guard. */
export function useSignedInSession(): SessionView {
  const session = use(SignedInSessionContext);
  if (!session) throw new Error('useSignedInSession must be used under the signed-in route guard');
  return session;
}
