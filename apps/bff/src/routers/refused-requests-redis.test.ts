import { randomDocument } from '@portal/stub/data/generated-identity';
import { type Stack, startStack } from '@portal/test-kit/harness';
import { type RedisServer, startRedisServer } from '@portal/test-kit/redis-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let redis: RedisServer;
let stack: Stack;
beforeAll(async () => {
  redis = await startRedisServer();
  stack = await startStack({
    env: {
      REDIS_URL: redis.url,
      KEY_SECRET: 'a-secret-of-sixteen-or-more',
      // one address, each of its limits spent by the first request
      RECOVERY_MAX_PER_IP: '1',
      SIGNIN_MAX_ATTEMPTS_PER_IP: '1',
    },
  });
});
afterAll(async () => {
  await stack?.close();
  await redis?.close();
});

const post = (path: string, body: unknown) =>
  stack.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

/** The store's keys, by kind: the scope of a counter or lock, the first part of anything else. */
async function keyKinds(): Promise<Map<string, number>> {
  const client = redis.client();
  const kinds = new Map<string, number>();
  try {
    for (const key of await client.keys('*')) {
      const [first = '', second = ''] = key.replace(/^[^:]*:/, '').split(':');
      const kind = first === 'limit' || first === 'lock' ? `${first}:${second}` : first;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
  } finally {
    client.disconnect();
  }
  return kinds;
}

describe('a request an outer limit refused', () => {
  // 3,000 requests, 1,000 of each kind, each for a document never seen: a key written per refused request, or
  // one in a few hundred, shows as a kind that grew; more requests prove nothing more and cost seconds.
  it('writes nothing: 3,000 refused recoveries, sign-ins and questions for new documents add no key', async () => {
    // the address's one allowed request of each kind
    await post('recovery.send', { cpfCnpj: randomDocument('cpf') });
    await post('auth.signIn', { cpfCnpj: randomDocument('cpf'), senha: 'Errada@2026' });
    await post('auth.startChallenge', { cpfCnpj: randomDocument('cpf') });
    const before = await keyKinds();
    const upstreamBefore = [...stack.stub.calls.values()].reduce((a, b) => a + b, 0);

    const kinds = ['recovery.send', 'auth.signIn', 'auth.startChallenge'] as const;
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 30; batch += 1) {
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, i) => {
          const path = kinds[(batch * 100 + i) % kinds.length] ?? 'auth.signIn';
          const cpfCnpj = randomDocument('cpf');
          return post(path, path === 'auth.signIn' ? { cpfCnpj, senha: 'Errada@2026' } : { cpfCnpj });
        }),
      );
      for (const reply of replies) statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
    }

    // every one refused (sign-in with the sign-in message's 401, the others 429), none reached the upstream
    expect([...statuses.keys()].sort()).toEqual([401, 429]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(3_000);
    expect([...stack.stub.calls.values()].reduce((a, b) => a + b, 0)).toBe(upstreamBefore);
    expect(await keyKinds()).toEqual(before);
  });
});
