import { failure, type Stack, startStack } from '@portal/test-kit/harness';
import { type RedisServer, startRedisServer } from '@portal/test-kit/redis-server';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let redis: RedisServer;
let raw: Redis;
let stack: Stack;
beforeAll(async () => {
  redis = await startRedisServer();
  raw = redis.client();
  stack = await startStack({ env: { REDIS_URL: redis.url, KEY_SECRET: 'a-secret-both-instances-share' } });
});
afterAll(async () => {
  await stack.close();
  raw.disconnect();
  await redis.close();
});

const PASSWORD = 'Acordo@2026';
const IDLE_MS = 30 * 60_000;

describe("a person's sessions in Redis", () => {
  it('are listed under a pseudonym, never the document, every key with a time to live; a password change ends the others', async () => {
    const user = stack.stub.state.clonePersona('maria');
    const [here, phone, leaving] = [stack.client(), stack.client(), stack.client()];
    for (const browser of [here, phone, leaving]) {
      await browser.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PASSWORD });
    }
    await here.trpc.debts.creditors.query();
    await leaving.trpc.auth.signOut.mutate();

    const listed = await raw.keys('portal:sessions-of:*');
    // two sessions listed (the one signed out is not), and the counter that hands out places
    expect(listed).toHaveLength(3);
    const ids = await Promise.all(listed.filter((k) => !k.endsWith(':turn')).map((k) => raw.get(k)));
    expect(ids.map((id) => JSON.parse(id ?? '""')).sort()).toEqual(
      [here.jar.get('sid'), phone.jar.get('sid')].sort(),
    );

    await here.trpc.account.changePassword.mutate({
      senha: PASSWORD,
      novaSenha: 'Nova@senha1',
      confirmacao: 'Nova@senha1',
    });
    expect((await failure(phone.trpc.account.profile.query())).data?.code).toBe('UNAUTHORIZED');
    const after = await raw.keys('portal:sessions-of:*');
    expect(after).toHaveLength(2);
    const sid = here.jar.get('sid') ?? '';
    expect(await Promise.all(after.filter((k) => !k.endsWith(':turn')).map((k) => raw.get(k)))).toEqual([
      JSON.stringify(sid),
    ]);
    // the session's slots went with it to the new id, and live no longer than it may stay idle
    const slot = await raw.pttl(`portal:session:${sid}:creditors`);
    expect(slot).toBeGreaterThan(0);
    expect(slot).toBeLessThanOrEqual(IDLE_MS);

    for (const key of await raw.keys('*')) {
      for (const secret of [user.cpfCnpj, user.profile.email, user.profile.telefone]) {
        expect(key).not.toContain(secret);
      }
      expect(await raw.pttl(key), key).toBeGreaterThan(0);
    }
  });
});
