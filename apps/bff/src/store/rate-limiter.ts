import type { Keyring } from '../keys/keyring';
import type { SessionStore } from './store';

interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the shared store, so limits hold across instances, IPs and concurrent
 * requests: each hit takes its slot atomically before the work it guards. Keys carry an HMAC of
 * the document or IP, never the raw value.
 *
 * A rotation of the key gives no fresh attempts: a hit is counted under the newest key, but what counts is
 * the sum over every form the counter may have (each configured key, and the bare MAC written before keys
 * had ids), and a lock under any of them holds. Counters of a key dropped later are simply forgotten: by
 * then their windows (a day at most) have ended.
 */
export function createRateLimiter({ store, keys }: { store: SessionStore; keys: Keyring }) {
  const forms = (value: string) => keys.candidates(null, value);
  const key = (scope: string, form: string) => `limit:${scope}:${form}`;
  const lockKey = (scope: string, form: string) => `lock:${scope}:${form}`;
  /** the newest counter's new value and the other forms' counts, read at once */
  const counts = async (scope: string, value: string, hit?: Limit) => {
    const [newest = '', ...older] = forms(value);
    const all = await Promise.all([
      hit ? store.increment(key(scope, newest), hit.windowMs) : store.count(key(scope, newest)),
      ...older.map((form) => store.count(key(scope, form))),
    ]);
    return all.reduce((sum, n) => sum + n, 0);
  };

  return {
    /** Counts one hit; false when `value` is over its limit in `scope`. */
    async hit(scope: string, value: string, limit: Limit): Promise<boolean> {
      return (await counts(scope, value, limit)) <= limit.max;
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
      return counts(scope, value);
    },
    /** Locks `value` out of `scope` for `ms` from now, whatever is left of the counting window. */
    async lock(scope: string, value: string, ms: number): Promise<void> {
      await store.set(lockKey(scope, keys.sign(null, value)), 1, ms);
    },
    async isLocked(scope: string, value: string): Promise<boolean> {
      const locks = await Promise.all(forms(value).map((form) => store.get(lockKey(scope, form))));
      return locks.some((lock) => lock !== undefined);
    },
    async clear(scope: string, value: string): Promise<void> {
      await Promise.all(
        forms(value).flatMap((form) => [store.delete(key(scope, form)), store.delete(lockKey(scope, form))]),
      );
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
