import type { LedgerAgreement } from '@portal/stub/negotiation/agreements';
import { failure, type Stack, startStack } from '@portal/test-kit/harness';
import { formatBrDate } from '@portal/validation/dates';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Summary } from '../core/records';
import { createMemoryStore } from '../store/memory-store';

// What reached the upstream is read at the simulator (its journal of proxy requests), never from the BFF.
const store = createMemoryStore();
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ deps: { store } });
});
afterAll(() => stack.close());

const PASSWORD = 'Acordo@2026';
const SCOPE = { codcredor: '1001', contrato: '7201938455' };

/** A fresh copy of Maria signed in, with the session's summary slot to look into. */
async function signedInCopy() {
  const user = stack.stub.state.clonePersona('maria');
  const client = stack.client();
  await client.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PASSWORD });
  const summaryKey = `session:${client.jar.get('sid')}:summary`;
  return { trpc: client.trpc, user, summaryKey };
}

const gerarBoletoOf = async (cpfCnpj: string) => {
  const sent = (await (
    await fetch(`${stack.stubUrl}/__stub/proxy/requests?cpfCnpj=${cpfCnpj}&metodo=gerarBoleto`)
  ).json()) as Record<string, unknown>[];
  expect(sent).toHaveLength(1);
  return sent[0] ?? {};
};

const agreementOf = async (cpfCnpj: string) => {
  const [made] = (await (
    await fetch(`${stack.stubUrl}/__stub/agreements?cpfCnpj=${cpfCnpj}`)
  ).json()) as LedgerAgreement[];
  if (!made) throw new Error('no agreement made');
  return made;
};

type Copy = Awaited<ReturnType<typeof signedInCopy>>;

/** The summaries a user can reach: each keeps the date the user saw in `detalhes.vencimento`. */
const SUMMARIES: [string, (copy: Copy) => Promise<{ chave: string; detalhes: { vencimento: string } }>][] = [
  [
    "an offer at the upstream's own date (asked without one)",
    async ({ trpc }) => {
      const offers = await trpc.negotiation.offers.query({ ...SCOPE, propostas: true, dividas: false });
      const upfront = offers.proposals.find((p) => p.tipo === 'AV');
      if (!upfront) throw new Error('no upfront offer');
      return trpc.negotiation.saveSummary.mutate({
        ...SCOPE,
        formaPagamento: 'boleto',
        retorno: '/negociacao',
        selecao: { modo: '1', idProposta: upfront.id },
      });
    },
  ],
  [
    'an offer at a later date the user chose',
    async ({ trpc }) => {
      const first = await trpc.negotiation.offers.query({ ...SCOPE, propostas: true, dividas: false });
      const base = first.proposals[0];
      if (!base) throw new Error('no offer');
      // the last date offered: never the upstream's own
      const offers = await trpc.negotiation.offers.query({
        ...SCOPE,
        vencimento: base.dataMaxVencimento,
        propostas: true,
        dividas: false,
      });
      const plan = offers.proposals.find((p) => p.tipo === 'AP') ?? offers.proposals[0];
      if (!plan || plan.vencimento === base.vencimento) throw new Error('no offer at another date');
      return trpc.negotiation.saveSummary.mutate({
        ...SCOPE,
        formaPagamento: 'pix',
        retorno: '/propostas',
        selecao: { modo: '1', idProposta: plan.id },
      });
    },
  ],
  [
    'individual instalments on a date the user chose',
    async ({ trpc }) => {
      const offers = await trpc.negotiation.offers.query({ ...SCOPE, propostas: false, dividas: true });
      const [debt] = offers.debts;
      if (!debt) throw new Error('no debt');
      return trpc.negotiation.saveSummary.mutate({
        ...SCOPE,
        formaPagamento: 'boleto',
        retorno: '/negociacao',
        selecao: { modo: '2', parcelas: [debt.id], vencimento: debt.dataMaxVencimento },
      });
    },
  ],
];

describe('the payment date of a new agreement (gerarBoleto vencimento)', () => {
  it.each(SUMMARIES)('goes with %s, and the agreement is made for that date', async (_, summarize) => {
    const copy = await signedInCopy();
    const summary = await summarize(copy);
    expect((await store.get<Summary>(copy.summaryKey))?.mandarVencimento).toBe(true);
    const result = await copy.trpc.agreements.create.mutate({ chave: summary.chave });
    expect(result.status).toBe('concluido');
    expect(await gerarBoletoOf(copy.user.cpfCnpj)).toMatchObject({
      vencimento: formatBrDate(summary.detalhes.vencimento),
    });
    expect((await agreementOf(copy.user.cpfCnpj)).instalments[0]?.due).toBe(summary.detalhes.vencimento);
  });

  it('stays out of a summary that says not to send it', async () => {
    const copy = await signedInCopy();
    const [, summarize] = SUMMARIES[0] ?? [];
    if (!summarize) throw new Error('no summary');
    const { chave } = await summarize(copy);
    const saved = await store.get<Summary>(copy.summaryKey);
    if (!saved) throw new Error('no summary kept');
    await store.set(copy.summaryKey, { ...saved, mandarVencimento: false }, 60_000);
    expect((await copy.trpc.agreements.create.mutate({ chave })).status).toBe('concluido');
    expect(await gerarBoletoOf(copy.user.cpfCnpj)).not.toHaveProperty('vencimento');
  });
});

/** A fresh copy of a persona signed in, with the summary of her first negotiable contract's first offer. */
async function summaryAsCopyOf(like: 'maria' | 'carlos') {
  const user = stack.stub.state.clonePersona(like);
  const { trpc } = stack.client();
  await trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PASSWORD });
  for (const creditor of await trpc.debts.creditors.query()) {
    const contract = (await trpc.negotiation.contracts.query({ codcredor: creditor.codcredor })).find(
      (c) => c.destino === 'negociacao',
    );
    if (!contract) continue;
    const offers = await trpc.negotiation.offers.query({
      codcredor: creditor.codcredor,
      contrato: contract.contrato,
      propostas: true,
      dividas: false,
    });
    const [proposal] = offers.proposals;
    if (!proposal) continue;
    const { chave } = await trpc.negotiation.saveSummary.mutate({
      codcredor: creditor.codcredor,
      contrato: contract.contrato,
      formaPagamento: 'pix',
      retorno: '/negociacao',
      selecao: { modo: '1', idProposta: proposal.id },
    });
    return { user, trpc, chave, contrato: contract.contrato };
  }
  throw new Error('no offer');
}

/** What the simulator received and made for a document: the judge, not the BFF. */
const judged = (cpfCnpj: string) => ({
  messages: stack.stub.state.ledger.requests.filter((m) => m.cpfCnpj === cpfCnpj),
  agreements: stack.stub.state.ledger.agreements.filter((a) => a.cpfCnpj === cpfCnpj),
});

/** While the next gerarBoleto is handled, consultaAcordo starts failing: the reconciliation cannot ask. */
function failConsultaAcordoFromTheSend() {
  const { ledger } = stack.stub.state;
  const receive = ledger.receive;
  return vi.spyOn(ledger, 'receive').mockImplementation((request) => {
    stack.stub.faults.set({ errorRate: 1, proxyMethods: ['consultaAcordo'] });
    return receive(request);
  });
}

describe('an error reply to gerarBoleto (the channel limit is 195 s here: nothing waits for it)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    stack.stub.faults.reset();
  });

  it.each([
    ['a server error', { madeThenServerErrorRate: 1 }],
    ['an erro: true reply', { madeThenErroRate: 1 }],
  ])(
    'after the agreement was made (%s) is not freed: it is reconciled to the agreement at once',
    async (_, knob) => {
      const { user, trpc, chave, contrato } = await summaryAsCopyOf('maria');
      stack.stub.faults.set({ ...knob, madeThenDocuments: [user.cpfCnpj] });
      const result = await trpc.agreements.create.mutate({ chave });
      expect(result).toMatchObject({ status: 'registrado', contrato });
      // Settled: the poll and a repeat answer the agreement, and nothing is sent again.
      expect(await trpc.agreements.intent.query({ chave })).toEqual(result);
      expect(await trpc.agreements.create.mutate({ chave })).toEqual(result);
      const { messages, agreements } = judged(user.cpfCnpj);
      expect(agreements).toHaveLength(1);
      expect(messages.map((m) => m.codigoAcordo)).toEqual([agreements[0]?.codigoAcordo]);
      expect(
        (await trpc.agreements.inProgress.query({ codcredor: agreements[0]?.codcredor ?? '', contrato }))
          .codigoAcordo,
      ).toBe(agreements[0]?.codigoAcordo);
    },
  );

  it("with nothing made upstream (Carlos) frees the key and answers 'erro': the failure page, and another try may go", async () => {
    const { user, trpc, chave } = await summaryAsCopyOf('carlos');
    expect(await trpc.agreements.create.mutate({ chave })).toEqual({ status: 'erro' });
    expect(await trpc.agreements.intent.query({ chave })).toEqual({ status: 'nenhum' });
    expect(await trpc.agreements.pending.query()).toBeNull();
    // proven absent, so the same key may be sent again (and fails again, upstream)
    expect(await trpc.agreements.create.mutate({ chave })).toEqual({ status: 'erro' });
    const { messages, agreements } = judged(user.cpfCnpj);
    expect(messages.map((m) => m.codigoAcordo)).toEqual([null, null]);
    expect(agreements).toEqual([]);
  });

  it('stays pending while the reconciliation cannot ask the upstream, then is reconciled to the agreement', async () => {
    const { user, trpc, chave, contrato } = await summaryAsCopyOf('maria');
    stack.stub.faults.set({ madeThenErroRate: 1, madeThenDocuments: [user.cpfCnpj] });
    failConsultaAcordoFromTheSend();
    expect(await trpc.agreements.create.mutate({ chave })).toEqual({ status: 'processando' });
    expect(await trpc.agreements.intent.query({ chave })).toEqual({ status: 'processando' });
    expect(await trpc.agreements.pending.query()).not.toBeNull();
    // never freed meanwhile: a repeat is told it is in flight, and sends nothing
    expect((await failure(trpc.agreements.create.mutate({ chave }))).data?.httpStatus).toBe(409);
    expect(judged(user.cpfCnpj).messages).toHaveLength(1);
    stack.stub.faults.reset();
    expect(await trpc.agreements.intent.query({ chave })).toMatchObject({ status: 'registrado', contrato });
    expect(await trpc.agreements.pending.query()).toBeNull();
    const { messages, agreements } = judged(user.cpfCnpj);
    expect(agreements).toHaveLength(1);
    expect(messages).toHaveLength(1);
  });

  it("stays pending while the reconciliation cannot ask, then follows Carlos's erro reply to the failure page once nothing is proven made", async () => {
    const { user, trpc, chave } = await summaryAsCopyOf('carlos');
    failConsultaAcordoFromTheSend();
    expect(await trpc.agreements.create.mutate({ chave })).toEqual({ status: 'processando' });
    expect(await trpc.agreements.intent.query({ chave })).toEqual({ status: 'processando' });
    stack.stub.faults.reset();
    expect(await trpc.agreements.intent.query({ chave })).toEqual({ status: 'erro' });
    // freed once proven: nothing under way for the key
    expect(await trpc.agreements.intent.query({ chave })).toEqual({ status: 'nenhum' });
    expect(judged(user.cpfCnpj)).toMatchObject({ messages: [{ codigoAcordo: null }], agreements: [] });
  });
});
