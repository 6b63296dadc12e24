import { startBffProcess } from '@portal/test-kit/app-process';
import { createClient, failure, type Stack, startStack } from '@portal/test-kit/harness';
import { type RedisServer, startRedisServer } from '@portal/test-kit/redis-server';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  it('two BFF processes, one Redis: a journey alternating between them survives one killed mid-creation, with one agreement', async () => {
    const processEnv = {
      ...env(),
      UPSTREAM_URL: stack.stubUrl,
      LOG_LEVEL: 'debug',
      PROXY_TIMEOUT_MS: '3000',
    };
    const [a, b] = await Promise.all([startBffProcess(processEnv), startBffProcess(processEnv)]);
    const processes = [a, b];
    try {
      const user = stack.stub.state.clonePersona('maria');
      const onA = createClient(a.url);
      const onB = createClient(b.url);

      await onA.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Acordo@2026' });
      const creditors = await moveTo(onA, onB).trpc.debts.creditors.query();
      const onda = creditors.find((c) => c.nome === 'Onda Telecom');
      if (!onda) throw new Error('Maria has a contract at Onda Telecom');
      const [contract] = await moveTo(onB, onA).trpc.negotiation.contracts.query({
        codcredor: onda.codcredor,
      });
      if (!contract) throw new Error('no contract');
      const offers = await moveTo(onA, onB).trpc.negotiation.offers.query({
        codcredor: onda.codcredor,
        contrato: contract.contrato,
        propostas: contract.chamarProposta,
        dividas: contract.chamarDivida,
      });
      const upfront = offers.proposals.find((p) => p.tipo === 'AV');
      if (!upfront) throw new Error('no upfront proposal');
      const { chave } = await moveTo(onB, onA).trpc.negotiation.saveSummary.mutate({
        codcredor: onda.codcredor,
        contrato: contract.contrato,
        formaPagamento: 'boleto',
        retorno: '/negociacao',
        selecao: { modo: '1', idProposta: upfront.id },
      });
      const contact = { chave, email: user.profile.email };

      // A is killed (SIGKILL) while it concludes: the upstream commits, A never learns the outcome.
      stack.stub.faults.set({ latencyMs: 1_500, proxyMethods: ['gerarBoleto'] });
      const lost = onA.trpc.agreements.create.mutate(contact).then(
        () => 'answered',
        () => 'lost',
      );
      await new Promise((r) => setTimeout(r, 700));
      a.kill('SIGKILL');
      expect(await lost).toBe('lost');
      await expect.poll(async () => (await ledgerOf(stack, user.cpfCnpj)).length, { timeout: 5_000 }).toBe(1);
      stack.stub.faults.reset();

      // The user goes on with B: the intent A recorded is processing, and B never sends it again; past
      // the upstream's deadline B finds the agreement A's send made.
      const survivor = moveTo(onA, onB);
      expect((await survivor.trpc.auth.session.query())?.nome).toBe(user.profile.nome);
      expect((await failure(survivor.trpc.agreements.create.mutate(contact))).data?.httpStatus).toBe(409);
      let result: Awaited<ReturnType<typeof survivor.trpc.agreements.intent.query>> | undefined;
      for (let i = 0; i < 50 && (!result || result.status === 'processando'); i += 1) {
        await new Promise((r) => setTimeout(r, 200));
        result = await survivor.trpc.agreements.intent.query({ chave });
      }
      expect(result).toMatchObject({ status: 'registrado', contrato: contract.contrato });
      // The settled intent is kept a day at least, for any repeat of its key.
      expect(await raw.pttl(`portal:agreement-intent:${chave}`)).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
      const ledger = await ledgerOf(stack, user.cpfCnpj);
      expect(ledger).toHaveLength(1);
      expect(stack.stub.state.ledger.requests.filter((m) => m.cpfCnpj === user.cpfCnpj)).toHaveLength(1);

      // A comes back as a new process: the same key answers the first result there too.
      const again = await startBffProcess(processEnv);
      processes.push(again);
      expect(await moveTo(survivor, createClient(again.url)).trpc.agreements.create.mutate(contact)).toEqual(
        result,
      );
      expect(await ledgerOf(stack, user.cpfCnpj)).toHaveLength(1);
      expect(stack.stub.state.ledger.requests.filter((m) => m.cpfCnpj === user.cpfCnpj)).toHaveLength(1);

      // Logs at debug level, of all three processes, name no document, e-mail or phone.
      const logs = processes.map((p) => p.output()).join('\n');
      expect(logs).toContain('"msg":"incoming request"');
      for (const secret of [user.cpfCnpj, user.profile.email, user.profile.telefone]) {
        expect(logs).not.toContain(secret);
      }
    } finally {
      stack.stub.faults.reset();
      for (const p of processes) p.kill('SIGKILL');
    }
  });

  it('keeps no raw document, e-mail or phone in key names, and gives every key a time to live', async () => {
    const user = stack.stub.state.clonePersona('ana');
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Errada@2026' }).catch(() => undefined);
    await trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: 'Acordo@2026' });
    const [creditor] = await trpc.debts.creditors.query();
    if (creditor) await trpc.negotiation.contracts.query({ codcredor: creditor.codcredor });
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
      expect(signIn.message).toBe(MESSAGES.unavailable);
      // The session is unknown, not ended: the browser is not told it signed out.
      const session = await failure(signedIn.trpc.auth.session.query());
      expect(session.data?.code).toBe('SERVICE_UNAVAILABLE');
      const create = await failure(signedIn.trpc.agreements.create.mutate({ chave: crypto.randomUUID() }));
      expect(create.message).toBe(MESSAGES.unavailable);
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
