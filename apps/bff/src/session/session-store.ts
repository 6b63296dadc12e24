/** What the BFF keeps for a signed-in browser; the browser holds only the opaque id. */
export interface SessionData {
  /** the upstream token: never leaves the BFF */
  token: string;
  clientId: string;
  /** normalized document */
  cpfCnpj: string;
  nome: string;
  createdAt: number;
  lastSeenAt: number;
}

/**
 * Where sessions and short-lived counters live: memory for one instance, Redis for several.
 * Every record has a time to live.
 */
export interface SessionStore {
  get(id: string): Promise<SessionData | undefined>;
  set(id: string, data: SessionData, ttlMs: number): Promise<void>;
  destroy(id: string): Promise<void>;
  /** Atomically adds one to a counter and returns the new value; the window starts at the first hit. */
  increment(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
