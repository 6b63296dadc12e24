import type { SessionStore } from './store';

interface Entry {
  value: unknown;
  expiresAt: number;
}

/**
 * The single-instance store. Values are stored as JSON text, as Redis would, so nobody can mutate
 * a stored record by reference. Expired entries are dropped on read and swept every minute.
 */
export function createMemoryStore({ now = Date.now, sweepMs = 60_000 } = {}): SessionStore {
  const entries = new Map<string, Entry>();

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    for (const [key, entry] of entries) if (entry.expiresAt <= now()) entries.delete(key);
  }, sweepMs);
  sweep.unref();

  return {
    async get<T>(key: string) {
      const entry = live(key);
      return entry === undefined ? undefined : (JSON.parse(entry.value as string) as T);
    },
    async set(key, value, ttlMs) {
      entries.set(key, { value: JSON.stringify(value), expiresAt: now() + ttlMs });
    },
    async delete(key) {
      entries.delete(key);
    },
    async increment(key, windowMs) {
      const entry = live(key);
      const next = entry ? Number(entry.value) + 1 : 1;
      entries.set(key, { value: next, expiresAt: entry?.expiresAt ?? now() + windowMs });
      return next;
    },
    async count(key) {
      return Number(live(key)?.value ?? 0);
    },
    async expire(key, ttlMs) {
      const entry = live(key);
      if (entry) entry.expiresAt = now() + ttlMs;
    },
    async claim(key, value, ttlMs) {
      if (live(key)) return false;
      entries.set(key, { value: JSON.stringify(value), expiresAt: now() + ttlMs });
      return true;
    },
    async release(key, value) {
      if (live(key)?.value !== JSON.stringify(value)) return false;
      entries.delete(key);
      return true;
    },
    async ping() {
      return true;
    },
    async close() {
      clearInterval(sweep);
      entries.clear();
    },
  };
}
