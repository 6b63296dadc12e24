import { afterAll, beforeAll, describe } from 'vitest';
import { type RedisServer, startRedisServer } from './redis-server';

/**
 * Runs a block of tests twice, on the memory store and on a real Redis (its own server, checked at the
 * end for keys without a time to live), for flows whose state lives in the store. The block gets the
 * variables that point a BFF at the store of its run.
 */
export function onEveryStore(block: (storeEnv: () => Record<string, string>) => void) {
  describe.each([
    ['the memory store', false],
    ['Redis', true],
  ])('on %s', (_name, useRedis) => {
    let redis: RedisServer | undefined;
    if (useRedis) {
      beforeAll(async () => {
        redis = await startRedisServer();
      });
      afterAll(() => redis?.close());
    }
    block(
      (): Record<string, string> =>
        redis ? { REDIS_URL: redis.url, KEY_SECRET: 'a-secret-of-sixteen-or-more-characters' } : {},
    );
  });
}
