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
  const key = (scope: string, value: string) =>
    `limit:${scope}:${createHmac('sha256', keySecret).update(value).digest('base64url')}`;

  return {
    /** Counts one hit; false when `value` is over its limit in `scope`. */
    async hit(scope: string, value: string, limit: Limit): Promise<boolean> {
      return (await store.increment(key(scope, value), limit.windowMs)) <= limit.max;
    },
    /** Hits several scopes at once; false when any is over its limit. */
    async hitAll(hits: [scope: string, value: string, limit: Limit][]): Promise<boolean> {
      const results = await Promise.all(hits.map(([scope, value, limit]) => this.hit(scope, value, limit)));
      return results.every(Boolean);
    },
    async clear(scope: string, value: string): Promise<void> {
      await store.delete(key(scope, value));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
