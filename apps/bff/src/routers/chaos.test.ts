import { buildStub, type Stub } from '@portal/stub/app';
import { AGREEMENT_MESSAGES } from '@portal/stub/negotiation/agreements';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProcess, startBffProcess } from '../testing/app-process';
import { type RedisServer, startRedisServer } from '../testing/redis-server';
import type { AppRouter } from '../trpc/app-router';

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

/** The client's policy: the same call again (same key) after any failure, a moment later. */
async function persist<T>(call: () => Promise<T>): Promise<{ value?: T; error?: unknown; attempts: number }> {
  let error: unknown;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    try {
      return { value: await call(), attempts: attempt };
    } catch (e) {
      error = e;
      // A refusal the upstream made on purpose is final; anything else may be passing.
      if (e instanceof TRPCClientError && REFUSALS.has(e.message)) break;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return { error, attempts: MAX_ATTEMPTS };
}

interface Outcome {
  chave: string;
  nossonumero?: string;
  status: 'concluido' | 'erro' | 'refused' | 'unresolved';
}

async function user(next: () => string): Promise<Outcome[]> {
  const persona = stub.state.clonePersona('maria');
  const trpc = browser(next);
  await persist(() => trpc.auth.signIn.mutate({ cpfCnpj: persona.cpfCnpj, senha: 'Acordo@2026' }));
  const creditors = (await persist(() => trpc.debts.creditors.query())).value ?? [];
  // One intent per creditor owed: its first open contract's offers (the session keeps the last ones
  // asked), a summary of the first proposal, then the creation, retried with the same key.
  const outcomes: Outcome[] = [];
  for (const creditor of creditors) {
    const contracts = (
      await persist(() => trpc.negotiation.contracts.query({ codcredor: creditor.codcredor }))
    ).value;
    const contract = contracts?.find((c) => c.destino === 'negociacao');
    if (!contract) continue;
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
      outcomes.push({ chave: '', status: 'unresolved' });
      continue;
    }
    const created = await persist(() => trpc.agreements.create.mutate({ chave }));
    const result = created.value;
    outcomes.push(
      result?.status === 'concluido'
        ? { chave, status: 'concluido', nossonumero: result.acordo.nossonumero }
        : result
          ? { chave, status: 'erro' }
          : { chave, status: created.error instanceof TRPCClientError ? 'refused' : 'unresolved' },
    );
  }
  return outcomes;
}

describe('chaos', () => {
  it('over 1,000 agreement intents from 340 users, a failing upstream, dropped sockets and a killed instance: no duplicate, none lost', async () => {
    const env = {
      UPSTREAM_URL: stubUrl,
      REDIS_URL: redis.url,
      KEY_SECRET: 'chaos-secret-shared-by-instances',
      PROXY_TIMEOUT_MS: '1000',
      IDEMPOTENCY_LEASE_MS: '1000',
      SIGNIN_MAX_ATTEMPTS_PER_IP: '1000000',
      LOG_LEVEL: 'warn',
    };
    const first = await Promise.all([startBffProcess(env), startBffProcess(env)]);
    const lb = balancer(first);
    const started = [...first];
    // 30 % of calls fail: half before the upstream acts (an error), half after (the reply is lost).
    stub.faults.set({ errorRate: 0.15, lostReplyRate: 0.15 });
    let chaos = true;
    const drops = (async () => {
      while (chaos) {
        await new Promise((r) => setTimeout(r, 3_000));
        if (chaos) await fetch(`${stubUrl}/__stub/proxy/drop`, { method: 'POST' });
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
      stub.faults.reset();

      expect(outcomes.length).toBeGreaterThanOrEqual(INTENTS);
      expect(outcomes.filter((o) => o.status === 'unresolved')).toEqual([]);
      const ledger = stub.state.ledger.agreements;
      const byKey = new Map<string, number>();
      for (const a of ledger) byKey.set(a.chave, (byKey.get(a.chave) ?? 0) + 1);
      // 0 duplicates: one agreement per key, however many times it was sent.
      expect([...byKey].filter(([, n]) => n > 1)).toEqual([]);
      // 0 lost: every agreement made is one its user was told about, with the same number, and back.
      const told = new Map(
        outcomes.filter((o) => o.status === 'concluido').map((o) => [o.chave, o.nossonumero]),
      );
      const mine = ledger.filter((a) => outcomes.some((o) => o.chave === a.chave));
      expect(mine.filter((a) => told.get(a.chave) !== a.nossonumero)).toEqual([]);
      expect([...told.keys()].filter((k) => !byKey.has(k))).toEqual([]);
      const count = (status: Outcome['status']) => outcomes.filter((o) => o.status === status).length;
      process.stdout.write(
        `chaos: ${outcomes.length} intents, ${count('concluido')} concluded, ${count('refused')} refused, ` +
          `${count('erro')} erro, ${ledger.length} in the ledger\n`,
      );
      expect(told.size).toBeGreaterThanOrEqual(INTENTS);
    } finally {
      chaos = false;
      stub.faults.reset();
      for (const p of started) p.kill('SIGKILL');
    }
  }, 240_000);
});
