import { UPSTREAM_CHANNELS, UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import { contractWithAgreement, PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../store/memory-store';
import type { SessionStore } from '../store/store';
import { appRouter, hasSideEffects, type ProcedurePath, proceduresOf } from './app-router';

/*
 * What "beyond a read" means here. A query reads when all it does is ask: the upstream's lookups of the
 * person's own data (the proxy's consulta* methods, the profile, the partners, the token's re-validation),
 * and the session's reads. Anything else is a side effect and must be declared: a write to the store
 * (a session slot, an agreement intent, a counter; the session's own idle-clock touch excepted), any message
 * on the activation channel (access records) or the trail channel, any proxy method that is not a
 * consultation, any other upstream HTTP call, and the credit score, a consultation the bureau keeps on the
 * person's file.
 */
const UPSTREAM_READS = new Set([
  `POST ${UPSTREAM_PATHS.login}`,
  `GET ${UPSTREAM_PATHS.consulta}`,
  `GET ${UPSTREAM_PATHS.parceiros}`,
  `GET ${UPSTREAM_PATHS.canaisOficiais}`,
  `GET ${UPSTREAM_PATHS.logos}/:file`,
  `GET ${UPSTREAM_PATHS.boletos}/:file`,
  `GET ${UPSTREAM_PATHS.avisos}`,
]);
const PROXY_READS = new Set([
  'consultaDebito',
  'consultaContrato',
  'consultaDivida',
  'consultaProposta',
  'consultaAcordo',
]);
// Opening a channel is no call of its own: what goes over it is counted.
const CHANNELS = new Set(Object.values(UPSTREAM_CHANNELS).map((path) => `GET ${path}`));

/** Every store write but the idle clock's: a session record written again with only `lastSeenAt` moved. */
const writes: string[] = [];
const memory = createMemoryStore();
const SESSION_RECORD = /^session:[A-Za-z0-9_-]{43}$/;
const withoutClock = (value: unknown) => ({ ...(value as object), lastSeenAt: undefined });
const recording: SessionStore = {
  ...memory,
  async set(key, value, ttlMs) {
    const touch =
      SESSION_RECORD.test(key) &&
      JSON.stringify(withoutClock(await memory.get(key))) === JSON.stringify(withoutClock(value));
    if (!touch) writes.push(`set ${key}`);
    return memory.set(key, value, ttlMs);
  },
  delete(key) {
    writes.push(`delete ${key}`);
    return memory.delete(key);
  },
  increment(key, windowMs) {
    writes.push(`increment ${key}`);
    return memory.increment(key, windowMs);
  },
  claim(key, value, ttlMs) {
    writes.push(`claim ${key}`);
    return memory.claim(key, value, ttlMs);
  },
  release(key, value) {
    writes.push(`release ${key}`);
    return memory.release(key, value);
  },
};

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { PROXY_TIMEOUT_MS: '400' }, deps: { store: recording } });
});
afterAll(() => stack.close());

type Client = ReturnType<Stack['client']>;
type Trpc = Client['trpc'];

/** A contract Maria can negotiate, found as /minha-conta finds it. */
async function negotiable(trpc: Trpc) {
  for (const creditor of await trpc.debts.creditors.query()) {
    const contracts = await trpc.negotiation.contracts.query({ codcredor: creditor.codcredor });
    const contract = contracts.find((c) => c.destino === 'negociacao');
    if (contract)
      return {
        codcredor: creditor.codcredor,
        contrato: contract.contrato,
        propostas: contract.chamarProposta,
        dividas: contract.chamarDivida,
      };
  }
  throw new Error('no contract to negotiate');
}

/** The summary of a negotiable contract's first proposal, kept in the session: its intent key. */
async function summaryKey(trpc: Trpc) {
  const found = await negotiable(trpc);
  const [proposal] = (await trpc.negotiation.offers.query(found)).proposals;
  if (!proposal) throw new Error('no proposal');
  const summary = await trpc.negotiation.saveSummary.mutate({
    codcredor: found.codcredor,
    contrato: found.contrato,
    formaPagamento: 'boleto',
    retorno: '/negociacao',
    selecao: { modo: '1', idProposta: proposal.id },
  });
  return summary.chave;
}

interface Scenario {
  persona?: 'maria' | 'ana';
  /** brings the session where the query has something to do, and gives a valid input (undefined: none) */
  prepare?: (trpc: Trpc) => Promise<unknown>;
}

/** Every query, in a state where it does its work. A query missing here fails the test. */
const SCENARIOS: Partial<Record<ProcedurePath, Scenario>> = {
  'auth.options': {},
  'auth.session': {},
  'account.profile': {},
  'account.activity': {},
  'account.score': {},
  'partners.list': {},
  'budget.get': {},
  'debts.all': {},
  'debts.sameDay': { prepare: async () => ({ dia: 10 }) },
  // a review kept: the page reloaded reads it
  'debts.sameDayCart': {
    prepare: async (trpc) => {
      for (const dia of [5, 10, 15, 20, 25]) {
        const { credores } = await trpc.debts.sameDay.query({ dia });
        for (const { credor, contratos } of credores) {
          for (const { contrato, propostas } of contratos) {
            const [proposta] = propostas;
            if (!proposta) continue;
            await trpc.debts.sameDayReview.mutate({
              itens: [
                { codcredor: credor.codcredor, contrato, idProposta: proposta.id, formaPagamento: 'boleto' },
              ],
            });
            return undefined;
          }
        }
      }
      throw new Error('no offer on any day');
    },
  },
  'debts.creditors': {},
  'negotiation.contracts': {
    // the creditors listed, not opened: the first look at a creditor is what the query does
    prepare: async (trpc) => ({ codcredor: (await trpc.debts.creditors.query())[0]?.codcredor }),
  },
  'negotiation.open': {
    prepare: async (trpc) => ({ codcredor: (await trpc.debts.creditors.query())[0]?.codcredor }),
  },
  'negotiation.offers': { prepare: negotiable },
  'negotiation.summary': { prepare: summaryKey },
  'negotiation.summaryFit': {
    prepare: async (trpc) => {
      await summaryKey(trpc);
      await trpc.budget.save.mutate({
        renda: 100_000,
        despesas: { moradia: 0, alimentacao: 0, transporte: 0, saude: 0, educacao: 0, contas: 0 },
        outrasParcelas: 0,
      });
    },
  },
  'agreements.concluded': {
    prepare: async (trpc) => {
      await trpc.agreements.create.mutate({ chave: await summaryKey(trpc) });
    },
  },
  'agreements.inProgress': { persona: 'ana', prepare: (trpc) => contractWithAgreement(trpc) },
  'reminders.settings': { persona: 'ana' },
  'agreements.attention': { persona: 'ana' },
  'agreements.schedulePreview': {
    persona: 'ana',
    prepare: async (trpc) => ({ ...(await contractWithAgreement(trpc)), mudanca: { tipo: 'dia', dia: 10 } }),
  },
  // a change whose reply was lost: asking reconciles it, and writes what it found
  'agreements.scheduleChange': {
    persona: 'ana',
    prepare: async (trpc) => {
      const on = await contractWithAgreement(trpc);
      const chave = '0f8fad5b-d9cb-469f-a165-70867728950e';
      stack.stub.faults.set({ lostReplyRate: 1, proxyMethods: ['alterarVencimento'] });
      await trpc.agreements.changeSchedule
        .mutate({ ...on, chave, mudanca: { tipo: 'dia', dia: 10 } })
        .finally(() => stack.stub.faults.reset());
      return { chave };
    },
  },
  // a reminder of someone else's: the tap of a notification on a shared phone
  'reminders.target': { persona: 'ana', prepare: async () => ({ lembrete: 'AbCdEfGhIjKlMnOpQrStUv' }) },
  // a creation concluded: its poll writes the concluded agreement into the session
  'agreements.intent': {
    prepare: async (trpc) => {
      const chave = await summaryKey(trpc);
      await trpc.agreements.create.mutate({ chave });
      return { chave };
    },
  },
  // a creation whose reply was lost, past the upstream's deadline: asking reconciles it
  'agreements.pending': {
    prepare: async (trpc) => {
      const chave = await summaryKey(trpc);
      stack.stub.faults.set({ lostReplyRate: 1, proxyMethods: ['gerarBoleto'] });
      await trpc.agreements.create.mutate({ chave }).finally(() => stack.stub.faults.reset());
      await new Promise((resolve) => setTimeout(resolve, 1_600));
    },
  },
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** What the upstream kept of everything so far: HTTP calls by route, proxy messages, access and trail records. */
async function upstreamState() {
  const trail = await stack.stub.app.inject({ url: '/__stub/trilha' });
  return {
    calls: new Map(stack.stub.calls),
    proxy: stack.stub.state.proxyRequests.length,
    access: stack.stub.state.acionamentos.length,
    trail: (trail.json() as unknown[]).length,
  };
}

/** What the upstream was asked or told since `before`, beyond reads. */
async function upstreamEffects(before: Awaited<ReturnType<typeof upstreamState>>) {
  const after = await upstreamState();
  const effects: string[] = [];
  for (const [route, count] of after.calls) {
    const more = count - (before.calls.get(route) ?? 0);
    if (more > 0 && !UPSTREAM_READS.has(route) && !CHANNELS.has(route) && !route.includes('/__stub/'))
      effects.push(`upstream ${route}`);
  }
  for (const message of stack.stub.state.proxyRequests.slice(before.proxy)) {
    if (!PROXY_READS.has(String(message.metodo))) effects.push(`proxy ${String(message.metodo)}`);
  }
  if (after.access > before.access) effects.push('access record');
  if (after.trail > before.trail) effects.push('trail record');
  return effects;
}

/** Store keys without their ids, to name what was written. */
const keyKind = (write: string) => write.replace(/[A-Za-z0-9_-]{32,}/g, '…');

describe('side effects declared on the procedure', () => {
  it('every query that writes the session or acts upstream beyond a read declares meta({ sideEffects: true }), and no other does', async () => {
    const queries = Object.entries(proceduresOf(appRouter))
      .filter(([, procedure]) => procedure?._def.type === 'query')
      .map(([path]) => path as ProcedurePath);
    expect(queries.filter((path) => !(path in SCENARIOS))).toEqual([]);
    expect(Object.keys(SCENARIOS).filter((path) => !queries.includes(path as ProcedurePath))).toEqual([]);

    const observed: Record<string, string[]> = {};
    for (const path of queries) {
      const { persona = 'maria', prepare } = SCENARIOS[path] ?? {};
      const user = stack.stub.state.clonePersona(persona);
      const client = stack.client();
      await client.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PERSONA[persona].senha });
      const input = prepare ? await prepare(client.trpc) : undefined;
      await settle();
      const before = await upstreamState();
      writes.length = 0;
      const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      const response = await stack.app.inject({
        url: `/trpc/${path}${query}`,
        headers: { cookie: client.cookieHeader(), 'sec-fetch-site': 'same-origin' },
      });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      await settle();
      observed[path] = [...new Set(writes.map(keyKind)), ...(await upstreamEffects(before))];
    }

    const declared = (path: string) => hasSideEffects(path);
    const table = queries.map((path) => ({ path, effects: observed[path], declared: declared(path) }));
    expect(table).toEqual(
      queries.map((path) => ({
        path,
        effects: observed[path],
        declared: (observed[path]?.length ?? 0) > 0,
      })),
    );
  });
});
