import type { SessionData, SessionStore } from './session-store';

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/** The single-instance store. Expired entries are dropped on read and swept every minute. */
export function createMemoryStore({ now = Date.now, sweepMs = 60_000 } = {}): SessionStore {
  const sessions = new Map<string, Entry<SessionData>>();
  const counters = new Map<string, Entry<number>>();

  const live = <T>(map: Map<string, Entry<T>>, key: string): Entry<T> | undefined => {
    const entry = map.get(key);
    if (entry && entry.expiresAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    for (const map of [sessions, counters] as Map<string, Entry<unknown>>[]) {
      for (const [key, entry] of map) if (entry.expiresAt <= now()) map.delete(key);
    }
  }, sweepMs);
  sweep.unref();

  return {
    async get(id) {
      return live(sessions, id)?.value;
    },
    async set(id, data, ttlMs) {
      sessions.set(id, { value: data, expiresAt: now() + ttlMs });
    },
    async destroy(id) {
      sessions.delete(id);
    },
    async increment(key, windowMs) {
      const entry = live(counters, key);
      if (entry) {
        entry.value += 1;
        return entry.value;
      }
      counters.set(key, { value: 1, expiresAt: now() + windowMs });
      return 1;
    },
    async count(key) {
      return live(counters, key)?.value ?? 0;
    },
    async reset(key) {
      counters.delete(key);
    },
    async close() {
      clearInterval(sweep);
      sessions.clear();
      counters.clear();
    },
  };
}
