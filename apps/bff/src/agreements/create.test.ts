import type { LedgerAgreement } from '@portal/stub/negotiation/agreements';
import { formatBrDate } from '@portal/validation/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Summary } from '../negotiation/summary';
import { createMemoryStore } from '../session/memory-store';
import { type Stack, startStack } from '../testing/harness';

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
