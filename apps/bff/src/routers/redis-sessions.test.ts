import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createClient, failure, type Stack, startStack } from '../testing/harness';
import { type RedisServer, startRedisServer } from '../testing/redis-server';
import { MESSAGES } from '../trpc/to-trpc-error';

let redis: RedisServer;
let raw: Redis;
let stack: Stack;
const env = () => ({ REDIS_URL: redis.url, KEY_SECRET: 'a-secret-both-instances-share' });
beforeAll(async () => {
  redis = await startRedisServer();
  raw = redis.client();
  stack = await startStack({ env: env() });
});
afterAll(async () => {
  await stack.close();
  raw.disconnect();
  await redis.close();
});

type Client = ReturnType<typeof createClient>;
/** The browser moves to another instance with its cookies (a load balancer without affinity). */
const moveTo = (from: Client, to: Client) => {
  to.jar.clear();
  for (const [name, value] of from.jar) to.jar.set(name, value);
  return to;
};

const ledgerOf = async (own: Stack, cpfCnpj: string) =>
  (await (await fetch(`${own.stubUrl}/__stub/agreements?cpfCnpj=${cpfCnpj}`)).json()) as { chave: string }[];

describe('sessions in Redis', () => {
  it('two instances, one Redis: a journey alternating between them survives the death of one, with one agreement', async () => {
    const own = await startStack({ env: env() });
    const second = await buildApp(own.config);
    const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
    const user = own.stub.state.clonePersona('maria');
    const a = own.client();
    const b = createClient(secondUrl);

    await a.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Acordo@2026' });
    const creditors = await moveTo(a, b).trpc.debts.creditors.query();
    const onda = creditors.find((c) => c.nome === 'Onda Telecom');
    if (!onda) throw new Error('Maria has a contract at Onda Telecom');
    const [contract] = await moveTo(b, a).trpc.negotiation.contracts.query({ codcredor: onda.codigo });
    if (!contract) throw new Error('no contract');
    const offers = await moveTo(a, b).trpc.negotiation.offers.query({
      codcredor: onda.codigo,
      contrato: contract.numero,
      propostas: contract.chamarProposta,
      dividas: contract.chamarDivida,
    });
    const upfront = offers.proposals.find((p) => p.tipo === 'AV');
    if (!upfront) throw new Error('no upfront proposal');
    const { chave } = await moveTo(b, a).trpc.negotiation.saveSummary.mutate({
      codcredor: onda.codigo,
      contrato: contract.numero,
      formaPagamento: 'boleto',
      retorno: '/negociacao',
      selecao: { modo: '1', idProposta: upfront.id },
    });

    // The first instance dies: the user goes on with the other, and retries the creation there.
    own.app.server.closeAllConnections();
    await own.app.close();
    const survivor = moveTo(a, b);
    const [first, retry] = await Promise.all([
      survivor.trpc.agreements.create.mutate({ chave }),
      survivor.trpc.agreements.create.mutate({ chave }).catch((e: unknown) => e),
    ]);
    expect(first.status).toBe('concluido');
    const again = await survivor.trpc.agreements.create.mutate({ chave });
    expect(again).toEqual(first);
    expect(retry).toBeDefined();
    expect(await ledgerOf(own, user.cpfCnpj)).toHaveLength(1);
    expect((await survivor.trpc.auth.session.query())?.nome).toBe(user.profile.nome);

    await survivor.trpc.auth.signOut.mutate();
    await second.close();
    await own.stub.app.close();
  });

  it('keeps no raw document, e-mail or phone in key names, and gives every key a time to live', async () => {
    const user = stack.stub.state.clonePersona('ana');
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Errada@2026' }).catch(() => undefined);
    await trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Acordo@2026' });
    const [creditor] = await trpc.debts.creditors.query();
    if (creditor) await trpc.negotiation.contracts.query({ codcredor: creditor.codigo });
    await trpc.tracking.view.mutate({ page: 'minha-conta' });

    const keys = await raw.keys('*');
    expect(keys.length).toBeGreaterThan(3);
    for (const key of keys) {
      for (const secret of [user.cpfCnpj, user.profile.email, user.profile.telefone]) {
        expect(key).not.toContain(secret);
      }
      expect(await raw.pttl(key)).toBeGreaterThan(0);
    }
  });

  it('fails closed with a clear message while Redis is down, and recovers when it is back', async () => {
    const user = stack.stub.state.clonePersona('maria');
    const signedIn = stack.client();
    await signedIn.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Acordo@2026' });
    const agreementsBefore = stack.stub.state.ledger.agreements.length;
    await redis.stop();
    try {
      const signIn = await failure(
        stack.client().trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Acordo@2026' }),
      );
      expect(signIn.data?.code).toBe('SERVICE_UNAVAILABLE');
      expect(signIn.message).toBe(MESSAGES.storeUnavailable);
      // The session is unknown, not ended: the browser is not told it signed out.
      const session = await failure(signedIn.trpc.auth.session.query());
      expect(session.data?.code).toBe('SERVICE_UNAVAILABLE');
      const create = await failure(signedIn.trpc.agreements.create.mutate({ chave: crypto.randomUUID() }));
      expect(create.message).toBe(MESSAGES.storeUnavailable);
      expect(stack.stub.state.ledger.agreements.length).toBe(agreementsBefore);
    } finally {
      await redis.start();
    }
    // Redis kept nothing (no persistence in this test): the user signs in again.
    await expect
      .poll(
        async () =>
          stack
            .client()
            .trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Acordo@2026' })
            .then((view) => view.nome),
        { timeout: 10_000 },
      )
      .toBe(user.profile.nome);
  });
});
