import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type SessionStore, StoreUnavailableError } from './store';

interface RedisStoreOptions {
  url: string;
  /** every key starts with it, so one Redis can serve other things too */
  keyPrefix?: string;
  /** a command that takes longer fails: the BFF answers at once rather than hang */
  commandTimeoutMs?: number;
  /** records read kept in this process while Redis tracks them for it (0: none) */
  cacheEntries?: number;
  logger?: FastifyBaseLogger;
}

// A record kept in this process is read again from Redis after this long at most, should an invalidation
// ever be lost without either connection closing (a silent network partition).
const CACHE_MAX_AGE_MS = 10_000;

// Redis tells the subscriber connection on this channel which keys read through the main one have changed.
const INVALIDATIONS = '__redis__:invalidate';

// INCR and, on the first hit only, the window's expiry: one atomic step, so no counter lives forever.
const INCREMENT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

// DEL only while the key holds what the caller claimed it with: one atomic step, so a holder that lost its
// claim (expired, then taken by another) never deletes the new holder's.
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * The store for several BFF instances. It fails closed: while Redis is unreachable no command is
 * queued; each fails within `commandTimeoutMs` with a StoreUnavailableError, which procedures answer with a clear
 * message (sign-in and agreement creation never proceed without their records). The client keeps
 * reconnecting with a capped backoff. Values are JSON; every key is written with a time to live.
 */
export function createRedisStore({
  url,
  keyPrefix = 'portal:',
  commandTimeoutMs = 1_000,
  cacheEntries = 10_000,
  logger,
}: RedisStoreOptions): SessionStore {
  const connection = {
    connectTimeout: 2_000,
    retryStrategy: (attempt: number) => Math.min(100 * 2 ** attempt, 2_000),
  };
  const redis = new Redis(url, {
    ...connection,
    keyPrefix,
    enableOfflineQueue: false,
    // Commands issued in the same tick (many requests at once) go to Redis in one write, not one each.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
  });
  // RESP2, so that Redis sends it the invalidations as messages on INVALIDATIONS (ioredis drops RESP3
  // pushes); subscribed anew on each connection, after its id is known (a subscribed connection can't ask).
  const invalidations = new Redis(url, { ...connection, protocol: 2, autoResubscribe: false });
  let lastError = '';
  const reportError = (error: Error) => {
    // One line per kind of failure, not one per reconnection attempt.
    if (error.message === lastError) return;
    lastError = error.message;
    logger?.warn({ err: error.message }, 'redis store: unreachable');
  };
  redis.on('error', reportError);
  invalidations.on('error', reportError);
  redis.on('ready', () => {
    if (lastError) logger?.info('redis store: reachable again');
    lastError = '';
  });

  // Records read are kept here while Redis tracks them for this process (CLIENT TRACKING, redirected to the
  // invalidations connection): a record written or deleted by any instance, or expired, is forgotten as soon
  // as Redis says so, and every record is also forgotten at its time to live (or CACHE_MAX_AGE_MS). While
  // either connection is down, or after any command failed, nothing is answered from here until tracking is
  // on again: reads fail closed like any command.
  const cache = new Map<string, { text: string; until: number }>();
  // A read in flight, forgotten when its key is invalidated meanwhile: its answer may be the old value.
  const reading = new Map<string, symbol>();
  let tracking = false;
  let epoch = 0;
  const forgetAll = () => {
    tracking = false;
    epoch += 1;
    cache.clear();
    reading.clear();
  };
  /** Forgets one record, by its full key (as Redis names it in invalidations). */
  const forget = (fullKey: string) => {
    cache.delete(fullKey);
    reading.delete(fullKey);
  };
  let subscriberId: string | undefined;
  const track = async () => {
    forgetAll();
    const at = epoch;
    if (redis.status !== 'ready' || !subscriberId) return;
    try {
      await redis.call('CLIENT', 'TRACKING', 'OFF');
      await redis.call('CLIENT', 'TRACKING', 'ON', 'REDIRECT', subscriberId);
      if (at === epoch) tracking = true;
    } catch {
      // not tracked: every read goes to Redis
    }
  };
  invalidations.on('ready', async () => {
    try {
      const id = String(await invalidations.call('CLIENT', 'ID'));
      await invalidations.subscribe(INVALIDATIONS);
      subscriberId = id;
      await track();
    } catch {
      // not tracked until this connection is ready again
    }
  });
  invalidations.on('close', () => {
    subscriberId = undefined;
    forgetAll();
  });
  redis.on('ready', () => void track());
  redis.on('close', forgetAll);
  invalidations.on('messageBuffer', (channel: Buffer, keys: Buffer[] | Buffer | null) => {
    if (channel.toString() !== INVALIDATIONS) return;
    // not a list of keys: the whole database was flushed
    if (!Array.isArray(keys)) return forgetAll();
    for (const key of keys) forget(key.toString());
  });

  /** A JSON record: from this process while tracked, else from Redis (and kept, when tracked). */
  const read = async (key: string): Promise<string | null> => {
    const full = keyPrefix + key;
    const kept = cache.get(full);
    if (kept && kept.until > Date.now()) return kept.text;
    if (!tracking) return run(() => redis.get(key));
    const at = epoch;
    const ticket = Symbol(full);
    reading.set(full, ticket);
    const [text, ttlMs] = await run(() => Promise.all([redis.get(key), redis.pttl(key)]));
    if (reading.get(full) === ticket) {
      reading.delete(full);
      if (text !== null && ttlMs > 0 && tracking && at === epoch) {
        if (cache.size >= cacheEntries) cache.delete(cache.keys().next().value as string);
        cache.set(full, { text, until: Date.now() + Math.min(ttlMs, CACHE_MAX_AGE_MS) });
      }
    }
    return text;
  };

  // Before the first connection and during a reconnection, a command waits for Redis a moment (one
  // shared wait, not one listener per request), then fails rather than queue.
  let readyWait: Promise<void> | null = null;
  const untilReady = () => {
    readyWait ??= new Promise<void>((resolve) => {
      redis.once('ready', () => {
        readyWait = null;
        resolve();
      });
    });
    return readyWait;
  };
  const waitForReady = async () => {
    if (redis.status === 'ready') return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, commandTimeoutMs);
    });
    await Promise.race([untilReady(), late]);
    clearTimeout(timer);
  };

  const run = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      await waitForReady();
      return await command();
    } catch (error) {
      // a command that failed may mean invalidations that never came: read from Redis again from now on
      void track();
      throw new StoreUnavailableError((error as Error).message);
    }
  };

  return {
    async get<T>(key: string) {
      const text = await read(key);
      return text === null ? undefined : (JSON.parse(text) as T);
    },
    async set(key, value, ttlMs) {
      forget(keyPrefix + key);
      await run(() => redis.set(key, JSON.stringify(value), 'PX', Math.max(1, Math.ceil(ttlMs))));
    },
    async delete(key) {
      forget(keyPrefix + key);
      await run(() => redis.del(key));
    },
    async increment(key, windowMs) {
      return Number(await run(() => redis.eval(INCREMENT, 1, key, Math.max(1, Math.ceil(windowMs)))));
    },
    async count(key) {
      return Number((await run(() => redis.get(key))) ?? 0);
    },
    async expire(key, ttlMs) {
      forget(keyPrefix + key);
      await run(() => redis.pexpire(key, Math.max(1, Math.ceil(ttlMs))));
    },
    async claim(key, value, ttlMs) {
      const ttl = Math.max(1, Math.ceil(ttlMs));
      forget(keyPrefix + key);
      return (await run(() => redis.set(key, JSON.stringify(value), 'PX', ttl, 'NX'))) === 'OK';
    },
    async release(key, value) {
      forget(keyPrefix + key);
      return Number(await run(() => redis.eval(RELEASE, 1, key, JSON.stringify(value)))) === 1;
    },
    async ping() {
      return (await run(() => redis.ping()).catch(() => '')) === 'PONG';
    },
    async close() {
      await Promise.all([redis, invalidations].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
