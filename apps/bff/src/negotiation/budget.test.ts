import { PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// 'Cabe no meu bolso?' through the procedures: the budget lives in the session only.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const BUDGET = {
  renda: 280_000,
  despesas: {
    moradia: 90_000,
    alimentacao: 60_000,
    transporte: 20_000,
    saude: 10_000,
    educacao: 0,
    contas: 10_000,
  },
  outrasParcelas: 20_000,
};

async function maria() {
  const client = stack.client();
  await client.trpc.auth.signIn.mutate(PERSONA.maria);
  return client;
}

describe('the budget', () => {
  it('says what is free each month, keeping the mínimo existencial, and tells the upstream nothing', async () => {
    const { trpc } = await maria();
    expect(await trpc.budget.get.query()).toEqual({
      orcamento: null,
      livreCents: null,
      minimoExistencialCents: 60_000,
    });
    const calls = new Map(stack.stub.calls);
    const proxy = stack.stub.state.proxyRequests.length;
    // R$ 2.800,00 less R$ 200,00 of instalments and R$ 1.900,00 of essentials
    expect(await trpc.budget.save.mutate(BUDGET)).toMatchObject({ orcamento: BUDGET, livreCents: 70_000 });
    expect(await trpc.budget.get.query()).toMatchObject({ livreCents: 70_000 });
    expect(new Map(stack.stub.calls)).toEqual(calls);
    expect(stack.stub.state.proxyRequests.length).toBe(proxy);
    // essentials declared below the mínimo existencial count as the mínimo
    const low = {
      ...BUDGET,
      despesas: { ...BUDGET.despesas, moradia: 0, alimentacao: 0, transporte: 0, contas: 0, saude: 0 },
    };
    expect((await trpc.budget.save.mutate(low)).livreCents).toBe(280_000 - 20_000 - 60_000);
    expect(await trpc.budget.clear.mutate()).toMatchObject({ orcamento: null, livreCents: null });
  });

  it("belongs to the session: the person's other sessions do not see it, and it ends with it", async () => {
    const one = await maria();
    const other = await maria();
    await one.trpc.budget.save.mutate(BUDGET);
    expect((await other.trpc.budget.get.query()).orcamento).toBeNull();
    await one.trpc.auth.signOut.mutate();
    const again = await maria();
    expect((await again.trpc.budget.get.query()).orcamento).toBeNull();
  });
});

/** A budget leaving exactly `livre` cents free: the income above the mínimo existencial, nothing else. */
const budgetFreeing = (livre: number) => ({
  renda: 60_000 + livre,
  despesas: { moradia: 0, alimentacao: 0, transporte: 0, saude: 0, educacao: 0, contas: 0 },
  outrasParcelas: 0,
});

describe('whether the agreement about to be concluded fits', () => {
  it('says nothing without a budget, and names the offers of the same contract that would fit', async () => {
    const { trpc } = await maria();
    let opened: { codcredor: string; contrato: string } | undefined;
    let proposals: Awaited<ReturnType<typeof trpc.negotiation.offers.query>>['proposals'] = [];
    for (const creditor of await trpc.debts.creditors.query()) {
      const contracts = await trpc.negotiation.contracts.query({ codcredor: creditor.codcredor });
      const contract = contracts.find((c) => c.destino === 'negociacao');
      if (!contract) continue;
      opened = { codcredor: creditor.codcredor, contrato: contract.contrato };
      const offers = await trpc.negotiation.offers.query({
        ...opened,
        propostas: contract.chamarProposta,
        dividas: contract.chamarDivida,
      });
      proposals = offers.proposals;
      if (proposals.some((p) => p.tipo === 'AP')) break;
    }
    if (!opened) throw new Error('no contract to negotiate');
    // each offer's heaviest month, worked out here: all of it upfront, else the entry or an instalment
    const month = (p: (typeof proposals)[number]) =>
      p.tipo === 'AV' ? p.valorPagoCents : Math.max(p.entradaCents, p.parcelaCents);
    const heaviest = proposals.reduce((a, b) => (month(b) > month(a) ? b : a));
    const lightest = proposals.reduce((a, b) => (month(b) < month(a) ? b : a));
    expect(month(lightest)).toBeLessThan(month(heaviest));

    await trpc.negotiation.saveSummary.mutate({
      ...opened,
      formaPagamento: 'boleto',
      retorno: '/negociacao',
      selecao: { modo: '1', idProposta: heaviest.id },
    });
    expect(await trpc.negotiation.summaryFit.query()).toBeNull();

    // what is free lies between the lightest offer and the chosen one
    const livre = month(lightest) + Math.floor((month(heaviest) - month(lightest)) / 2);
    await trpc.budget.save.mutate(budgetFreeing(livre));
    const fit = await trpc.negotiation.summaryFit.query();
    expect(fit).toMatchObject({ livreCents: livre, mensalCents: month(heaviest), ajuste: 'nao-cabe' });
    const expected = proposals.filter((p) => month(p) <= livre).sort((a, b) => month(a) - month(b));
    expect(fit?.cabem.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(fit?.cabem.map((p) => p.mensalCents)).toEqual(expected.map(month));
    for (const p of fit?.cabem ?? []) expect(p.ajuste).toBe(p.mensalCents <= livre * 0.7 ? 'cabe' : 'aperta');

    // a budget the chosen offer fits in: nothing else is listed
    await trpc.budget.save.mutate(budgetFreeing(month(heaviest) * 2));
    expect(await trpc.negotiation.summaryFit.query()).toMatchObject({ ajuste: 'cabe', cabem: [] });
  });
});
