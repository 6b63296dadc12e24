import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type SessionStore, StoreUnavailableError } from './session-store';

export interface RedisStoreOptions {
  url: string;
  /** every key starts with it, so one Redis can serve other things too */
  keyPrefix?: string;
  /** a command that takes longer fails: the BFF answers at once rather than hang */
  commandTimeoutMs?: number;
  logger?: FastifyBaseLogger;
}

// INCR and, on the first hit only, the window's expiry: one atomic step, so no counter lives forever.
const INCREMENT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

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
  logger,
}: RedisStoreOptions): SessionStore {
  const redis = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(100 * 2 ** attempt, 2_000),
  });
  let lastError = '';
  redis.on('error', (error: Error) => {
    // One line per kind of failure, not one per reconnection attempt.
    if (error.message === lastError) return;
    lastError = error.message;
    logger?.warn({ err: error.message }, 'redis store: unreachable');
  });
  redis.on('ready', () => {
    if (lastError) logger?.info('redis store: reachable again');
    lastError = '';
  });

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
      throw new StoreUnavailableError((error as Error).message);
    }
  };

  return {
    async get<T>(key: string) {
      const text = await run(() => redis.get(key));
      return text === null ? undefined : (JSON.parse(text) as T);
    },
    async set(key, value, ttlMs) {
      await run(() => redis.set(key, JSON.stringify(value), 'PX', Math.max(1, Math.ceil(ttlMs))));
    },
    async delete(key) {
      await run(() => redis.del(key));
    },
    async increment(key, windowMs) {
      return Number(await run(() => redis.eval(INCREMENT, 1, key, Math.max(1, Math.ceil(windowMs)))));
    },
    async count(key) {
      return Number((await run(() => redis.get(key))) ?? 0);
    },
    async expire(key, ttlMs) {
      await run(() => redis.pexpire(key, Math.max(1, Math.ceil(ttlMs))));
    },
    async claim(key, value, ttlMs) {
      const ttl = Math.max(1, Math.ceil(ttlMs));
      return (await run(() => redis.set(key, JSON.stringify(value), 'PX', ttl, 'NX'))) === 'OK';
    },
    async ping() {
      return (await run(() => redis.ping()).catch(() => '')) === 'PONG';
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
