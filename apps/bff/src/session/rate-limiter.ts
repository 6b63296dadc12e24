import { createHmac } from 'node:crypto';
import type { SessionStore } from './session-store';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the shared store, so limits hold across instances, IPs and concurrent
 * requests: each hit takes its slot atomically before the work it guards. Keys carry an HMAC of
 * the document or IP, never the raw value.
 */
export function createRateLimiter({ store, keySecret }: { store: SessionStore; keySecret: string }) {
  const hmac = (value: string) => createHmac('sha256', keySecret).update(value).digest('base64url');
  const key = (scope: string, value: string) => `limit:${scope}:${hmac(value)}`;
  const lockKey = (scope: string, value: string) => `lock:${scope}:${hmac(value)}`;

  return {
    /** Counts one hit; false when `value` is over its limit in `scope`. */
    async hit(scope: string, value: string, limit: Limit): Promise<boolean> {
      return (await store.increment(key(scope, value), limit.windowMs)) <= limit.max;
    },
    /**
     * Hits several scopes, widest first, stopping at the first over its limit: a narrower counter (a
     * document's) is written only once every wider one (the address's) let the request through, so a flood
     * of refused requests creates no key per document it names.
     */
    async hitAll(hits: [scope: string, value: string, limit: Limit][]): Promise<boolean> {
      for (const [scope, value, limit] of hits) if (!(await this.hit(scope, value, limit))) return false;
      return true;
    },
    /** The hits counted in the current window. */
    async count(scope: string, value: string): Promise<number> {
      return store.count(key(scope, value));
    },
    /** Locks `value` out of `scope` for `ms` from now, whatever is left of the counting window. */
    async lock(scope: string, value: string, ms: number): Promise<void> {
      await store.set(lockKey(scope, value), 1, ms);
    },
    async isLocked(scope: string, value: string): Promise<boolean> {
      return (await store.get(lockKey(scope, value))) !== undefined;
    },
    async clear(scope: string, value: string): Promise<void> {
      await Promise.all([store.delete(key(scope, value)), store.delete(lockKey(scope, value))]);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
