import { createContext, use } from 'react';
import type { SessionState } from './session';

type SessionStatus = SessionState['status'];

/**
 * Whether someone is signed in, for the layouts (header, footer), without the API client: the root
 * layout provides it from the session query; the home entry (app/home-app.tsx), whose page the BFF serves
 * to visitors only, provides 'signed-out' and hands a signed-in user over to the app.
 */
export const SessionStatusContext = createContext<SessionStatus>('loading');

export function useSessionStatus(): SessionStatus {
  return use(SessionStatusContext);
}
