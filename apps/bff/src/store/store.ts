/**
 * Where sessions, pre-sign-in challenges and counters live: memory for one instance, Redis for
 * several. Values are JSON-serialisable records; every key has a time to live. Key names never
 * carry a raw document or e-mail (callers hash them).
 */
export interface SessionStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Atomically adds one to a counter and returns the new value; the window starts at the first hit. */
  increment(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  /** Gives an existing key a new time to live from now, its value untouched; nothing for a missing key. */
  expire(key: string, ttlMs: number): Promise<void>;
  /** Atomically writes `value` only when `key` holds nothing; true when this call wrote it. */
  claim(key: string, value: unknown, ttlMs: number): Promise<boolean>;
  /** Atomically deletes `key` only while it holds `value` (what a claim wrote); true when this call deleted it. */
  release(key: string, value: unknown): Promise<boolean>;
  /** Answers now (a readiness probe): false while the store cannot be reached. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The shared store cannot be reached: the request fails closed, with a message the user can act on. */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}
