import { type RedisServer, startRedisServer } from '@portal/test-kit/redis-server';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStore } from './redis-store';
import { StoreUnavailableError } from './store';

let server: RedisServer;
let raw: Redis;
beforeAll(async () => {
  server = await startRedisServer();
  raw = server.client();
});
afterAll(async () => {
  raw.disconnect();
  await server.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How many GETs Redis has answered, counted by Redis itself. */
async function getsAtRedis(): Promise<number> {
  const stats = await raw.info('commandstats');
  return Number(/cmdstat_get:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}

/** Resolves once `key`, read through `store`, is answered without a GET reaching Redis. */
async function untilKept(store: ReturnType<typeof createRedisStore>, key: string) {
  await expect
    .poll(async () => {
      await store.get(key);
      const before = await getsAtRedis();
      for (let i = 0; i < 10; i += 1) await store.get(key);
      return (await getsAtRedis()) - before;
    })
    .toBe(0);
}

describe('redis store (a real redis-server)', () => {
  it('keeps JSON records under its prefix, each with a time to live, and forgets them after it', async () => {
    const store = createRedisStore({ url: server.url, keyPrefix: 't1:' });
    await store.set('session:a', { nome: 'Maria', n: 1 }, 300);
    expect(await store.get('session:a')).toEqual({ nome: 'Maria', n: 1 });
    const ttl = await raw.pttl('t1:session:a');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    await sleep(400);
    expect(await store.get('session:a')).toBeUndefined();

    await store.set('session:b', { n: 2 }, 10_000);
    await store.delete('session:b');
    expect(await store.get('session:b')).toBeUndefined();
    await store.close();
  });

  it('counts atomically: 50 concurrent hits get 1 to 50, and the window is fixed from the first', async () => {
    const store = createRedisStore({ url: server.url, keyPrefix: 't2:' });
    const hits = await Promise.all(Array.from({ length: 50 }, () => store.increment('limit:x', 300)));
    expect([...hits].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await store.count('limit:x')).toBe(50);
    const ttl = await raw.pttl('t2:limit:x');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    await sleep(400);
    expect(await store.count('limit:x')).toBe(0);
    expect(await store.increment('limit:x', 300)).toBe(1);
    await store.close();
  });

  it('claims a key for one of 20 concurrent writers, with its time to live', async () => {
    const store = createRedisStore({ url: server.url, keyPrefix: 't5:' });
    const won = await Promise.all(
      Array.from({ length: 20 }, (_, by) => store.claim('intent', { by }, 5_000)),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await store.get('intent')).toEqual({ by: won.indexOf(true) });
    const ttl = await raw.pttl('t5:intent');
    expect(ttl).toBeGreaterThan(4_000);
    expect(ttl).toBeLessThanOrEqual(5_000);
    await store.close();
  });

  it('releases a claim only for the value it was claimed with, one of 20 concurrent releases', async () => {
    const store = createRedisStore({ url: server.url, keyPrefix: 't5r:' });
    await store.claim('lock', { by: 'a' }, 5_000);
    expect(await store.release('lock', { by: 'b' })).toBe(false);
    expect(await raw.exists('t5r:lock')).toBe(1);
    const released = await Promise.all(Array.from({ length: 20 }, () => store.release('lock', { by: 'a' })));
    expect(released.filter(Boolean)).toHaveLength(1);
    expect(await raw.exists('t5r:lock')).toBe(0);
    expect(await store.get('lock')).toBeUndefined();
    await store.close();
  });

  it('moves the time to live of an existing key, its value untouched, and creates nothing for a missing one', async () => {
    const store = createRedisStore({ url: server.url, keyPrefix: 't6:' });
    await store.set('slot', { v: 1 }, 1_000);
    await store.expire('slot', 60_000);
    await store.expire('missing', 60_000);
    expect(await raw.pttl('t6:slot')).toBeGreaterThan(59_000);
    expect(await store.get('slot')).toEqual({ v: 1 });
    expect(await raw.exists('t6:missing')).toBe(0);
    await store.close();
  });

  it('two stores on one Redis see the same records (two BFF instances)', async () => {
    const one = createRedisStore({ url: server.url, keyPrefix: 't3:' });
    const two = createRedisStore({ url: server.url, keyPrefix: 't3:' });
    await one.set('session:s', { clientId: '100001' }, 10_000);
    expect(await two.get('session:s')).toEqual({ clientId: '100001' });
    await Promise.all([one.increment('c', 10_000), two.increment('c', 10_000)]);
    expect(await one.count('c')).toBe(2);
    await Promise.all([one.close(), two.close()]);
  });

  it('reads an unchanged record from Redis once, and sees at once what another instance writes, deletes or lets expire', async () => {
    const one = createRedisStore({ url: server.url, keyPrefix: 't7:' });
    const two = createRedisStore({ url: server.url, keyPrefix: 't7:' });
    await two.set('session:s', { v: 1 }, 10_000);
    await untilKept(one, 'session:s');
    const before = await getsAtRedis();
    for (let i = 0; i < 100; i += 1) expect(await one.get('session:s')).toEqual({ v: 1 });
    expect(await getsAtRedis()).toBe(before);

    await two.set('session:s', { v: 2 }, 10_000);
    await expect.poll(() => one.get('session:s'), { timeout: 200, interval: 5 }).toEqual({ v: 2 });
    await two.delete('session:s');
    await expect.poll(() => one.get('session:s'), { timeout: 200, interval: 5 }).toBeUndefined();
    // a write of its own is seen by the next read, without waiting for Redis to say so
    await one.set('session:s', { v: 3 }, 10_000);
    expect(await one.get('session:s')).toEqual({ v: 3 });

    await two.set('session:short', { v: 4 }, 300);
    await untilKept(one, 'session:short');
    await sleep(350);
    expect(await one.get('session:short')).toBeUndefined();
    await Promise.all([one.close(), two.close()]);
  });

  it('reads from Redis again when its invalidations connection is killed, and keeps records again once it is back', async () => {
    const one = createRedisStore({ url: server.url, keyPrefix: 't8:' });
    const two = createRedisStore({ url: server.url, keyPrefix: 't8:' });
    await two.set('session:s', { v: 1 }, 10_000);
    await untilKept(one, 'session:s');
    await raw.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    // written while no invalidation can reach `one`
    await two.set('session:s', { v: 2 }, 10_000);
    expect(await one.get('session:s')).toEqual({ v: 2 });
    await untilKept(one, 'session:s');
    await two.set('session:s', { v: 3 }, 10_000);
    await expect.poll(() => one.get('session:s'), { timeout: 200, interval: 5 }).toEqual({ v: 3 });
    await Promise.all([one.close(), two.close()]);
  });

  it('fails closed within its command timeout while Redis is down, and works again when it is back', async () => {
    const store = createRedisStore({ url: server.url, keyPrefix: 't4:' });
    await store.set('k', 1, 10_000);
    // kept in the process: still not answered once Redis is gone
    await untilKept(store, 'k');
    await server.stop();
    await expect(store.get('k')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.increment('c', 1_000)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.set('k', 2, 1_000)).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await store.ping()).toBe(false);

    await server.start();
    await expect.poll(() => store.ping(), { timeout: 5_000 }).toBe(true);
    await store.set('k', 3, 10_000);
    expect(await store.get('k')).toBe(3);
    await store.close();
    raw.disconnect();
    raw = server.client();
  });
});
