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

// Whether the user ended the session (sign-out, account deleted) rather than losing it (expiry).
let endedByUser = false;

/** The user ended the session: the guard goes to the start page and remembers no page to come back to. */
export function sessionEndedByUser(): boolean {
  return endedByUser;
}

/** A session is on again (the signed-in guard calls it). */
export function clearSessionEndedByUser(): void {
  endedByUser = false;
}

/**
 * After the BFF ended the session at the user's request (sign-out, account deleted): stops and forgets
 * every cached answer. The session query stays, set to null, because the route guards watch it.
 */
export function forgetSession(queryClient: QueryClient): void {
  endedByUser = true;
  void queryClient.cancelQueries();
  const key = sessionQueryKey();
  queryClient.setQueryData(key, null);
  const sessionKey = JSON.stringify(key);
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== sessionKey });
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

/** Whom a page greets: a person by the first name, a company by its name (its first word says nothing). */
export const greetingName = (session: SessionView): string =>
  session.empresa ? session.nome.trim() : session.primeiroNome;

/** The session of a page behind the signed-in guard. */
export function useSignedInSession(): SessionView {
  const session = use(SignedInSessionContext);
  if (!session) throw new Error('useSignedInSession must be used under the signed-in route guard');
  return session;
}
