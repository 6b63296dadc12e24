import { createClient, failure, type Stack, signedInCopy, startStack } from '@portal/test-kit/harness';
import { type RedisServer, startRedisServer } from '@portal/test-kit/redis-server';
import { addDays, todayInBrazil } from '@portal/validation/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { ContractStanding } from '../core/records';
import { STANDING_MESSAGES } from '../negotiation/contract-standing';
import type { ProcedurePath } from './app-router';

// A contract's standing, one rule on every path: every procedure that shows a contract or its offers carries
// the standing the BFF decided, and every procedure on the way to gerarBoleto refuses what the standing
// forbids, nothing reaching the creditor. The table names every procedure: a new one must say which it is.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

type Client = Awaited<ReturnType<typeof signedInCopy>>;
type Trpc = Client['trpc'];
type On = { codcredor: string; contrato: string };

// Rafael's three contracts, each a standing (the simulator's seeds), and Ana's card agreement.
const PRESCRIBED = { codcredor: '1001', contrato: '5800412937' };
const ORDINARY = { codcredor: '1008', contrato: '30125590418' };
const DISPUTED = { codcredor: '1011', contrato: '5502630184' };
const ANA_CARD = { codcredor: '1006', contrato: '6011452873' };
const EXPECTED: Record<string, ContractStanding['tipo']> = {
  [PRESCRIBED.contrato]: 'prescrita',
  [ORDINARY.contrato]: 'aberta',
  [DISPUTED.contrato]: 'em-disputa',
  [ANA_CARD.contrato]: 'em-acordo',
};

/** A day of the month whose next date is 4 to 13 days from today (days 29–31 skipped). */
function dayAhead(): number {
  for (let k = 4; k < 14; k += 1) {
    const day = Number(addDays(todayInBrazil(), k).slice(8));
    if (day <= 28) return day;
  }
  throw new Error('no day');
}

const offersOf = (trpc: Trpc, on: On) =>
  trpc.negotiation.offers.query({ ...on, propostas: true, dividas: true });

/** A summary of the contract's first proposal, as /negociacao's 'Negociar' keeps it. */
async function summaryOf(trpc: Trpc, on: On) {
  const [proposal] = (await offersOf(trpc, on)).proposals;
  if (!proposal) throw new Error(`no proposal on ${on.contrato}`);
  return trpc.negotiation.saveSummary.mutate({
    ...on,
    formaPagamento: 'boleto',
    retorno: '/negociacao',
    selecao: { modo: '1', idProposta: proposal.id },
  });
}

/** 'Revisar acordos' with the first offer of the day of each contract given that has one. */
async function reviewOf(trpc: Trpc, contracts: On[]) {
  const { credores } = await trpc.debts.sameDay.query({ dia: dayAhead() });
  const itens = credores.flatMap(({ credor, contratos }) =>
    contratos.flatMap(({ contrato, propostas: [first] }) =>
      first && contracts.some((c) => c.codcredor === credor.codcredor && c.contrato === contrato)
        ? [{ codcredor: credor.codcredor, contrato, idProposta: first.id, formaPagamento: 'boleto' as const }]
        : [],
    ),
  );
  return trpc.debts.sameDayReview.mutate({ itens });
}

/** What a procedure has to do with a contract's standing. */
interface Role {
  /** it shows contracts or their offers: what it answers for the persona, each contract with its standing */
  shows?: {
    persona: 'rafael' | 'ana';
    answers: (trpc: Trpc, cpfCnpj: string) => Promise<{ asked?: On; answer: unknown }[]>;
  };
  /**
   * it is a step toward gerarBoleto: `prepare` is what the person did on the page while the contract was
   * open (its answer what the step needs), `ask` the step itself
   */
  concludes?: {
    prepare: (trpc: Trpc, on: On) => Promise<string>;
    ask: (trpc: Trpc, on: On, prepared: string) => Promise<unknown>;
  };
  /** neither, and why */
  neither?: string;
}

/** Asked for each contract in turn, as one tab does (the session keeps the last offers seen). */
async function each(list: On[], ask: (on: On) => Promise<unknown>) {
  const answers: { asked: On; answer: unknown }[] = [];
  for (const on of list) answers.push({ asked: on, answer: await ask(on) });
  return answers;
}
const RAFAEL = [PRESCRIBED, ORDINARY, DISPUTED];

const ROLES: Record<ProcedurePath, Role> = {
  'negotiation.contracts': {
    shows: {
      persona: 'rafael',
      answers: (trpc) => each(RAFAEL, (on) => trpc.negotiation.contracts.query({ codcredor: on.codcredor })),
    },
  },
  'negotiation.open': {
    shows: {
      persona: 'rafael',
      answers: (trpc) => each(RAFAEL, (on) => trpc.negotiation.open.query({ codcredor: on.codcredor })),
    },
  },
  'negotiation.offers': {
    shows: { persona: 'rafael', answers: (trpc) => each(RAFAEL, (on) => offersOf(trpc, on)) },
  },
  'negotiation.saveSummary': {
    shows: {
      persona: 'rafael',
      answers: (trpc) => each([PRESCRIBED, ORDINARY], (on) => summaryOf(trpc, on)),
    },
    concludes: {
      prepare: async (trpc, on) => (await offersOf(trpc, on)).proposals[0]?.id ?? '',
      ask: (trpc, on, idProposta) =>
        trpc.negotiation.saveSummary.mutate({
          ...on,
          formaPagamento: 'boleto',
          retorno: '/negociacao',
          selecao: { modo: '1', idProposta },
        }),
    },
  },
  'negotiation.summary': {
    shows: {
      persona: 'rafael',
      answers: async (trpc) => {
        await summaryOf(trpc, PRESCRIBED);
        return [{ asked: PRESCRIBED, answer: await trpc.negotiation.summary.query() }];
      },
    },
  },
  'debts.all': {
    shows: { persona: 'rafael', answers: async (trpc) => [{ answer: await trpc.debts.all.query() }] },
  },
  'debts.sameDay': {
    shows: {
      persona: 'rafael',
      answers: async (trpc) => [{ answer: await trpc.debts.sameDay.query({ dia: dayAhead() }) }],
    },
  },
  'debts.sameDayReview': {
    shows: {
      persona: 'rafael',
      answers: async (trpc) => [{ answer: await reviewOf(trpc, [PRESCRIBED, ORDINARY]) }],
    },
    concludes: {
      prepare: async (trpc, on) => {
        const { credores } = await trpc.debts.sameDay.query({ dia: dayAhead() });
        const line = credores.find((c) => c.credor.codcredor === on.codcredor)?.contratos;
        return line?.find((c) => c.contrato === on.contrato)?.propostas[0]?.id ?? '';
      },
      ask: (trpc, on, idProposta) =>
        trpc.debts.sameDayReview.mutate({ itens: [{ ...on, idProposta, formaPagamento: 'boleto' }] }),
    },
  },
  'debts.sameDayCart': {
    shows: {
      persona: 'rafael',
      answers: async (trpc) => {
        await reviewOf(trpc, [PRESCRIBED, ORDINARY]);
        return [{ answer: await trpc.debts.sameDayCart.query() }];
      },
    },
  },
  'agreements.inProgress': {
    shows: {
      persona: 'ana',
      answers: async (trpc) => [
        { asked: ANA_CARD, answer: await trpc.agreements.inProgress.query(ANA_CARD) },
      ],
    },
  },
  'agreements.attention': {
    shows: {
      persona: 'ana',
      answers: async (trpc, cpfCnpj) => {
        // Minha conta's notice of an instalment overdue, on an agreement the portal knows (reminded of it)
        await stack.stub.app.inject({
          method: 'POST',
          url: '/__stub/agreements/atrasar',
          payload: { cpfCnpj, ...ANA_CARD, numero: 4, dias: 2 },
        });
        await trpc.reminders.remind.mutate({ ...ANA_CARD, canais: ['email'], dias: [3] });
        return [{ answer: await trpc.agreements.attention.query() }];
      },
    },
  },
  'agreements.create': {
    concludes: {
      prepare: async (trpc, on) => (await summaryOf(trpc, on)).chave,
      ask: (trpc, _on, chave) => trpc.agreements.create.mutate({ chave }),
    },
  },
  'negotiation.summaryFit': { neither: "the summary's fit: its contract's standing is the summary's own" },
  'agreements.intent': { neither: "an agreement's creation, after the step that concluded it" },
  'agreements.pending': { neither: 'an agreement being made: names the creditor, no contract to act on' },
  'agreements.concluded': { neither: 'the agreement made, on its own page' },
  'agreements.finish': { neither: 'forgets the concluded agreement' },
  'agreements.reissue': {
    neither: "a boleto of a live agreement's instalment (emitirBoleto), no agreement made",
  },
  'agreements.settlementDeclaration': { neither: 'a paid agreement' },
  'agreements.send': { neither: "the concluded agreement's boletos, sent" },
  'agreements.schedulePreview': { neither: 'a live agreement' },
  'agreements.changeSchedule': { neither: 'a live agreement' },
  'agreements.scheduleChange': { neither: 'a live agreement' },
  'agreements.hardship': { neither: 'a contact request to the creditor' },
  'debts.creditors': { neither: 'creditors, not contracts' },
  'debts.planPdf': { neither: 'a PDF, of the open contracts only (countedLine)' },
  'budget.get': { neither: 'the budget' },
  'budget.save': { neither: 'the budget' },
  'budget.clear': { neither: 'the budget' },
  'partners.list': { neither: 'public' },
  'auth.options': { neither: 'sign-in' },
  'auth.session': { neither: 'sign-in' },
  'auth.lookupDocument': { neither: 'sign-in' },
  'auth.signIn': { neither: 'sign-in' },
  'auth.startChallenge': { neither: 'sign-in' },
  'auth.answerChallenge': { neither: 'sign-in' },
  'auth.signInWithGoogle': { neither: 'sign-in' },
  'auth.signOut': { neither: 'sign-in' },
  'account.profile': { neither: 'the account' },
  'account.updateProfile': { neither: 'the account' },
  'account.changePassword': { neither: 'the account' },
  'account.deleteAccount': { neither: 'the account' },
  'account.activity': { neither: 'the account' },
  'account.disownActivity': { neither: 'the account' },
  'account.score': { neither: 'the account' },
  'account.setNotifications': { neither: 'the account' },
  'account.rate': { neither: 'the account' },
  'registration.checkContacts': { neither: 'registration' },
  'registration.register': { neither: 'registration' },
  'recovery.send': { neither: 'recovery' },
  'recovery.reset': { neither: 'recovery' },
  'reminders.settings': { neither: 'reminders of live agreements' },
  'reminders.remind': { neither: 'reminders of live agreements' },
  'reminders.choose': { neither: 'reminders of live agreements' },
  'reminders.pause': { neither: 'reminders of live agreements' },
  'reminders.stop': { neither: 'reminders of live agreements' },
  'reminders.subscribe': { neither: 'reminders of live agreements' },
  'reminders.unsubscribe': { neither: 'reminders of live agreements' },
  'reminders.target': { neither: 'reminders of live agreements' },
  'reminders.calendar': { neither: 'reminders of live agreements' },
  'tracking.view': { neither: 'the trail' },
  'verification.check': { neither: 'a code pasted' },
};

const isStanding = (value: unknown): value is ContractStanding =>
  typeof value === 'object' && value !== null && typeof (value as { tipo?: unknown }).tipo === 'string';

/**
 * Walks an answer: each standing found, with the contract it is of (its object's `contrato`, else the contract
 * asked for), and each contract shown (an object with `contratoExibido`) that no standing covers, on itself or
 * an object around it.
 */
function standingsIn(answer: unknown, asked?: On) {
  const found: { contrato: string | undefined; tipo: string }[] = [];
  const uncovered: string[] = [];
  const walk = (node: unknown, covered: boolean, path: string) => {
    if (Array.isArray(node)) {
      for (const [i, n] of node.entries()) walk(n, covered, `${path}[${i}]`);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const object = node as Record<string, unknown>;
    const own = isStanding(object.estado) ? object.estado : undefined;
    if (own)
      found.push({ contrato: (object.contrato as string | undefined) ?? asked?.contrato, tipo: own.tipo });
    if (!own && !covered && 'contratoExibido' in object) uncovered.push(path);
    for (const [key, value] of Object.entries(object))
      if (key !== 'estado') walk(value, covered || !!own, `${path}.${key}`);
  };
  walk(answer, false, '');
  return { found, uncovered };
}

const gerarBoletoOf = (cpfCnpj: string) =>
  stack.stub.state.proxyRequests.filter((r) => r.metodo === 'gerarBoleto' && r.cpfcnpj === cpfCnpj);

const dispute = (cpfCnpj: string, contrato: string, emDisputa: boolean) =>
  stack.stub.app.inject({
    method: 'POST',
    url: '/__stub/disputes',
    payload: { cpfCnpj, contrato, emDisputa },
  });

describe("a contract's standing on every path", () => {
  const showing = Object.entries(ROLES).filter(([, role]) => role.shows);
  const concluding = Object.entries(ROLES).filter(([, role]) => role.concludes);

  it('names every procedure once, as showing a contract, a step toward an agreement, or neither', () => {
    for (const [path, role] of Object.entries(ROLES)) {
      expect(Boolean(role.shows || role.concludes) !== Boolean(role.neither), path).toBe(true);
    }
    expect(showing.length).toBeGreaterThanOrEqual(11);
    expect(concluding.map(([path]) => path).sort()).toEqual([
      'agreements.create',
      'debts.sameDayReview',
      'negotiation.saveSummary',
    ]);
  });

  it.each(showing)("%s carries each contract's standing, as the BFF decided it", async (path, role) => {
    if (!role.shows) throw new Error(path);
    const { trpc, user } = await signedInCopy(stack, role.shows.persona);
    const answers = await role.shows.answers(trpc, user.cpfCnpj);
    const found = answers.flatMap(({ answer, asked }) => {
      const { found, uncovered } = standingsIn(answer, asked);
      expect(uncovered, `${path}: contracts shown without a standing`).toEqual([]);
      return found;
    });
    const known = found.filter((f) => f.contrato !== undefined && f.contrato in EXPECTED);
    expect(known.length, `${path}: no standing of a known contract`).toBeGreaterThan(0);
    for (const f of known) expect(f.tipo, `${path}: ${f.contrato}`).toBe(EXPECTED[f.contrato ?? '']);
  });

  it.each(concluding)(
    '%s refuses a contract its creditor reported in dispute meanwhile, and nothing reaches the creditor',
    async (path, role) => {
      if (!role.concludes) throw new Error(path);
      const { trpc, user } = await signedInCopy(stack, 'rafael');
      const prepared = await role.concludes.prepare(trpc, ORDINARY);
      expect(prepared, path).not.toBe('');
      await dispute(user.cpfCnpj, ORDINARY.contrato, true);
      expect((await failure(role.concludes.ask(trpc, ORDINARY, prepared))).message).toBe(
        STANDING_MESSAGES.disputed,
      );
      expect(gerarBoletoOf(user.cpfCnpj)).toEqual([]);
    },
  );

  it('honours a prescribed one the person chose, then refuses a second agreement on it on every path', async () => {
    const { trpc, user } = await signedInCopy(stack, 'rafael');
    // each step prepared before the agreement is made (another tab): none may make a second one. The
    // session keeps one summary, so a second key to conclude comes from a 'Tudo no mesmo dia' review.
    const prepared = new Map<string, string>();
    for (const [path, role] of concluding)
      if (path !== 'agreements.create')
        prepared.set(path, (await role.concludes?.prepare(trpc, PRESCRIBED)) ?? '');
    const [kept] = (await reviewOf(trpc, [PRESCRIBED])).itens;
    prepared.set('agreements.create', kept?.chave ?? '');
    const summary = await summaryOf(trpc, PRESCRIBED);
    expect(summary.estado.tipo).toBe('prescrita');
    expect((await trpc.agreements.create.mutate({ chave: summary.chave })).status).toBe('concluido');
    expect(gerarBoletoOf(user.cpfCnpj)).toHaveLength(1);

    for (const [path, role] of concluding) {
      const refused = await failure(
        role.concludes?.ask(trpc, PRESCRIBED, prepared.get(path) ?? '') as Promise<unknown>,
      );
      expect(refused.message, path).toBe(STANDING_MESSAGES.inAgreement);
    }
    expect((await offersOf(trpc, PRESCRIBED)).estado).toEqual({ tipo: 'em-acordo', processando: false });
    expect(gerarBoletoOf(user.cpfCnpj)).toHaveLength(1);
  });
});

describe('one agreement per contract at a time', () => {
  let redis: RedisServer;
  let shared: Stack;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let otherUrl = '';
  beforeAll(async () => {
    redis = await startRedisServer();
    shared = await startStack({
      env: { REDIS_URL: redis.url, KEY_SECRET: 'a-secret-both-instances-share', PROXY_TIMEOUT_MS: '400' },
    });
    other = await buildApp(shared.config);
    otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await other?.close();
    await shared?.close();
    await redis?.close();
  });

  it("through /resumo on one instance and 'Tudo no mesmo dia' on another, replies lost: one gerarBoleto", async () => {
    const here = await signedInCopy(shared, 'rafael');
    // the same session on the second instance (sessions live in Redis)
    const there = createClient(otherUrl);
    for (const [name, value] of here.jar) there.jar.set(name, value);

    const summary = await summaryOf(here.trpc, ORDINARY);
    const review = await reviewOf(there.trpc, [ORDINARY]);
    const [item] = review.itens;
    if (!item) throw new Error('no offer of the day');
    expect(item.chave).not.toBe(summary.chave);

    // every gerarBoleto is carried out and its reply lost
    shared.stub.faults.set({ lostReplyRate: 1, proxyMethods: ['gerarBoleto'] });
    try {
      const taps = await Promise.allSettled([
        here.trpc.agreements.create.mutate({ chave: summary.chave }),
        there.trpc.agreements.create.mutate({ chave: item.chave }),
        here.trpc.agreements.create.mutate({ chave: summary.chave }),
        there.trpc.agreements.create.mutate({ chave: item.chave }),
      ]);
      // one was sent and waits for its outcome; the other key was refused, saying an agreement is being made
      const refusals = taps.flatMap((t) => (t.status === 'rejected' ? [(t.reason as Error).message] : []));
      expect(refusals).toContain(STANDING_MESSAGES.processing);
    } finally {
      shared.stub.faults.reset();
    }
    const made = shared.stub.state.proxyRequests.filter(
      (r) => r.metodo === 'gerarBoleto' && r.cpfcnpj === here.user.cpfCnpj,
    );
    expect(made).toHaveLength(1);

    // past the channel's deadline, the one sent is reconciled as made; the other key still makes nothing
    const sent = (made[0] as { chave?: string }).chave;
    const [madeKey, otherKey] =
      sent === summary.chave ? [summary.chave, item.chave] : [item.chave, summary.chave];
    let status = '';
    for (let i = 0; i < 50 && status !== 'registrado'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await here.trpc.agreements.intent.query({ chave: madeKey })).status;
    }
    expect(status).toBe('registrado');
    const again = await failure(there.trpc.agreements.create.mutate({ chave: otherKey }));
    expect(again.message).toBe(STANDING_MESSAGES.inAgreement);
    expect(
      shared.stub.state.proxyRequests.filter(
        (r) => r.metodo === 'gerarBoleto' && r.cpfcnpj === here.user.cpfCnpj,
      ),
    ).toHaveLength(1);
  });
});
