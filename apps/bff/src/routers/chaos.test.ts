import { buildStub, type Stub } from '@portal/stub/app';
import { AGREEMENT_MESSAGES } from '@portal/stub/negotiation/agreements';
import { type AppProcess, startBffProcess } from '@portal/test-kit/app-process';
import { type RedisServer, startRedisServer } from '@portal/test-kit/redis-server';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from './app-router';

// Each Maria makes one agreement per creditor she owes (3): 340 of them give more than 1,000 intents.
const USERS = 340;
const INTENTS = 1_000;
const MAX_ATTEMPTS = 40;
const REFUSALS = new Set<string>(Object.values(AGREEMENT_MESSAGES));

let stub: Stub;
let stubUrl: string;
let redis: RedisServer;
beforeAll(async () => {
  stub = await buildStub();
  stubUrl = await stub.app.listen({ port: 0, host: '127.0.0.1' });
  redis = await startRedisServer();
});
afterAll(async () => {
  await stub.app.close();
  await redis.close();
});

/** The live instances behind a load balancer without affinity: each call goes to the next one. */
function balancer(initial: AppProcess[]) {
  const live = [...initial];
  let turn = 0;
  return {
    live,
    next: () => {
      turn += 1;
      const instance = live[turn % live.length];
      if (!instance) throw new Error('no instance');
      return instance.url;
    },
  };
}

/** A browser: its cookie jar, and a tRPC client whose every call may land on another instance. */
function browser(next: () => string) {
  let cookie = '';
  const fetchVia: typeof fetch = async (input, init) => {
    const base = next();
    const url = new URL(String(input));
    const target = new URL(`${url.pathname}${url.search}`, base);
    const headers = new Headers(init?.headers);
    headers.set('origin', base);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(target, { ...init, headers });
    const set = response.headers.getSetCookie()[0];
    if (set) cookie = set.split(';')[0] ?? '';
    return response;
  };
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: 'http://balancer.invalid/trpc', fetch: fetchVia })],
  });
}

/** Calls the BFF until it answers: another instance, a moment later. A refusal the upstream made on purpose is final. */
async function persist<T>(call: () => Promise<T>): Promise<{ value?: T; error?: unknown }> {
  let error: unknown;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    try {
      return { value: await call() };
    } catch (e) {
      error = e;
      if (e instanceof TRPCClientError && REFUSALS.has(e.message)) break;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return { error };
}

type Trpc = ReturnType<typeof browser>;
type Created = Awaited<ReturnType<Trpc['agreements']['create']['mutate']>>;

/**
 * The summary page's policy: the creation is asked for, then polled, never simply sent again. Only when
 * the BFF says nothing is under way for the key (it was never sent, or proven to have made nothing) is
 * it asked for again.
 */
async function conclude(trpc: Trpc, chave: string): Promise<Created | { error: unknown }> {
  for (let round = 0; round < MAX_ATTEMPTS; round += 1) {
    // 409: already sent (by an earlier try whose answer was lost) and in flight: followed like a pending one.
    const created = await persist(() =>
      trpc.agreements.create.mutate({ chave }).catch((e: unknown) => {
        if (e instanceof TRPCClientError && e.data?.code === 'CONFLICT')
          return { status: 'processando' as const };
        throw e;
      }),
    );
    if (created.error instanceof TRPCClientError && REFUSALS.has(created.error.message)) {
      return { error: created.error };
    }
    let state: Awaited<ReturnType<Trpc['agreements']['intent']['query']>> | undefined = created.value;
    while (state === undefined || state.status === 'processando') {
      await new Promise((r) => setTimeout(r, 200));
      state = (await persist(() => trpc.agreements.intent.query({ chave }))).value;
    }
    if (state.status !== 'nenhum') return state;
  }
  return { error: new Error('never concluded') };
}

interface Outcome {
  cpfCnpj: string;
  contrato: string;
  nossonumero?: string;
  status: 'concluido' | 'registrado' | 'erro' | 'refused' | 'unresolved';
}

async function user(next: () => string): Promise<Outcome[]> {
  const persona = stub.state.clonePersona('maria');
  const trpc = browser(next);
  await persist(() => trpc.auth.signIn.mutate({ cpfCnpj: persona.cpfCnpj, senha: 'Acordo@2026' }));
  const creditors = (await persist(() => trpc.debts.creditors.query())).value ?? [];
  // One intent per creditor owed: its first open contract's offers (the session keeps the last ones
  // asked), a summary of the first proposal, then the creation.
  const outcomes: Outcome[] = [];
  for (const creditor of creditors) {
    const contracts = (
      await persist(() => trpc.negotiation.contracts.query({ codcredor: creditor.codcredor }))
    ).value;
    const contract = contracts?.find((c) => c.destino === 'negociacao');
    if (!contract) continue;
    const intent = { cpfCnpj: persona.cpfCnpj, contrato: contract.contrato };
    const offers = (
      await persist(() =>
        trpc.negotiation.offers.query({
          codcredor: creditor.codcredor,
          contrato: contract.contrato,
          propostas: contract.chamarProposta,
          dividas: contract.chamarDivida,
        }),
      )
    ).value;
    const [proposal] = offers?.proposals ?? [];
    if (!proposal) continue;
    const summary = await persist(() =>
      trpc.negotiation.saveSummary.mutate({
        codcredor: creditor.codcredor,
        contrato: contract.contrato,
        formaPagamento: 'pix',
        retorno: '/negociacao',
        selecao: { modo: '1', idProposta: proposal.id },
      }),
    );
    const chave = summary.value?.chave;
    if (!chave) {
      outcomes.push({ ...intent, status: 'unresolved' });
      continue;
    }
    const result = await conclude(trpc, chave);
    outcomes.push(
      'error' in result
        ? { ...intent, status: result.error instanceof TRPCClientError ? 'refused' : 'unresolved' }
        : result.status === 'concluido'
          ? { ...intent, status: 'concluido', nossonumero: result.acordo.nossonumero }
          : { ...intent, status: result.status === 'registrado' ? 'registrado' : 'erro' },
    );
  }
  return outcomes;
}

describe('chaos', () => {
  it('over 1,000 agreement intents from 340 users against an upstream that ignores keys, failing upstream calls (before acting, lost replies, errors after making the agreement), dropped sockets and a killed instance: no duplicate, none lost, at most one send per intent', async () => {
    // The simulator behaves as the real upstream: the portal's key is ignored, every send it accepts makes an agreement.
    expect(stub.faults.get().honourKey).toBe(false);
    const env = {
      UPSTREAM_URL: stubUrl,
      REDIS_URL: redis.url,
      KEY_SECRET: 'chaos-secret-shared-by-instances',
      PROXY_TIMEOUT_MS: '1000',
      SIGNIN_MAX_ATTEMPTS_PER_IP: '1000000',
      LOG_LEVEL: 'warn',
    };
    const first = await Promise.all([startBffProcess(env), startBffProcess(env)]);
    const lb = balancer(first);
    const started = [...first];
    // 30 % of calls fail: half before the upstream acts (an error), half after (the reply is lost). And
    // 15 % of the agreements made are answered with an error all the same: a server error or `erro: true`.
    stub.faults.set({
      errorRate: 0.15,
      lostReplyRate: 0.15,
      madeThenServerErrorRate: 0.075,
      madeThenErroRate: 0.075,
    });
    let chaos = true;
    let dropped = 0;
    const drops = (async () => {
      while (chaos) {
        await new Promise((r) => setTimeout(r, 3_000));
        if (!chaos) break;
        const drop = await fetch(`${stubUrl}/__stub/proxy/drop`, { method: 'POST' });
        dropped += ((await drop.json()) as { dropped: number }).dropped;
      }
    })();
    // One instance is killed without warning a few seconds in, and started again.
    const killer = (async () => {
      await new Promise((r) => setTimeout(r, 5_000));
      const victim = lb.live.shift();
      victim?.kill('SIGKILL');
      const again = await startBffProcess(env);
      started.push(again);
      lb.live.push(again);
    })();

    try {
      const outcomes = (await Promise.all(Array.from({ length: USERS }, () => user(lb.next)))).flat();
      chaos = false;
      await Promise.all([drops, killer]);
      const injected = stub.faults.injected();
      stub.faults.reset();

      expect(outcomes.length).toBeGreaterThanOrEqual(INTENTS);
      expect(new Set(outcomes.map((o) => o.cpfCnpj)).size).toBeGreaterThanOrEqual(100);
      expect(outcomes.filter((o) => o.status === 'unresolved')).toEqual([]);
      // Judged at the simulator, per intent (one per user and contract): what reached it and what it made.
      const intentOf = (x: { cpfCnpj: string; contrato: string }) => `${x.cpfCnpj}/${x.contrato}`;
      const ours = new Set(outcomes.map(intentOf));
      const made = new Map<string, string[]>();
      for (const a of stub.state.ledger.agreements.filter((a) => ours.has(intentOf(a))))
        made.set(intentOf(a), [...(made.get(intentOf(a)) ?? []), a.nossonumero]);
      const sent = new Map<string, (string | null)[]>();
      for (const m of stub.state.ledger.requests.filter((m) => ours.has(intentOf(m))))
        sent.set(intentOf(m), [...(sent.get(intentOf(m)) ?? []), m.codigoAcordo]);
      // 0 duplicates: at most one agreement per intent.
      expect([...made].filter(([, numbers]) => numbers.length > 1)).toEqual([]);
      // At most one send per intent, unless the earlier ones were proven to have made nothing: no
      // message reached the simulator after the one that made the agreement.
      const afterMade = [...sent].filter(([, codes]) =>
        codes.some((c, i) => c !== null && i < codes.length - 1),
      );
      expect(afterMade).toEqual([]);
      // 0 lost, and nobody told 'failed' when the agreement exists: every intent's outcome is what the
      // simulator holds.
      for (const o of outcomes) {
        const numbers = made.get(intentOf(o)) ?? [];
        if (o.status === 'concluido') expect(numbers).toEqual([o.nossonumero]);
        else if (o.status === 'registrado') expect(numbers).toHaveLength(1);
        else expect(numbers).toEqual([]);
      }
      const count = (status: Outcome['status']) => outcomes.filter((o) => o.status === status).length;
      const resent = [...sent.values()].filter((codes) => codes.length > 1).length;
      const messages = [...sent.values()].reduce((n, codes) => n + codes.length, 0);
      const duplicates = [...made.values()].filter((numbers) => numbers.length > 1).length;
      // lost: an agreement the simulator made that its person was not told of, or an intent never settled
      const lost = outcomes.filter(
        (o) =>
          o.status === 'unresolved' ||
          ((made.get(intentOf(o))?.length ?? 0) > 0 && o.status !== 'concluido' && o.status !== 'registrado'),
      ).length;
      // The messages an error answered after the agreement was made: each one's intent found it made.
      const madeThenError = stub.state.ledger.requests.filter(
        (m) => ours.has(intentOf(m)) && (m.fault === 'madeThenServerError' || m.fault === 'madeThenErro'),
      );
      for (const m of madeThenError)
        expect(outcomes.find((o) => intentOf(o) === intentOf(m))?.status).toBe('registrado');
      process.stdout.write(
        `chaos: ${outcomes.length} intents from ${USERS} users, ${count('concluido')} concluded, ` +
          `${count('registrado')} found made after a lost or error reply, ${count('refused')} refused, ${count('erro')} erro; ` +
          `${made.size} agreements, ${messages} gerarBoleto messages, ${resent} intents sent again after proven absence; ` +
          `faults injected: ${injected.error} errors before acting, ${injected.lostReply} lost replies, ` +
          `${injected.madeThenServerError} server errors and ${injected.madeThenErro} erro replies after making the agreement, ` +
          `${dropped} sockets dropped; ${duplicates} duplicates, ${lost} lost\n`,
      );
      expect([duplicates, lost]).toEqual([0, 0]);
      expect(count('concluido') + count('registrado')).toBeGreaterThanOrEqual(INTENTS);
      // every kind of fault was injected, the new one included
      for (const kind of Object.values(injected)) expect(kind).toBeGreaterThan(0);
      expect(madeThenError.length).toBeGreaterThan(0);
    } finally {
      chaos = false;
      stub.faults.reset();
      for (const p of started) p.kill('SIGKILL');
    }
  }, 300_000);
});
