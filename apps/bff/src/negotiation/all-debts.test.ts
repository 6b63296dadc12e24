import { failure, type Stack, signedInCopy, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_MESSAGES } from '../core/messages';
import { ALL_DEBTS_MESSAGES } from './all-debts';

// 'Todas as minhas dívidas' against the simulator: every creditor read together, one failing named.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { ALL_DEBTS_CREDITOR_WAIT_MS: '1500' } });
});
afterAll(() => stack.close());

const as = async (persona: 'rafael' | 'sandra' | 'maria' | 'ana') =>
  (await signedInCopy(stack, persona)).trpc;

describe('every debt in one view', () => {
  it('labels a debt over 5 years overdue prescribed and a disputed one, and counts neither in what is offered', async () => {
    const all = await (await as('rafael')).debts.all.query();
    const lines = all.credores.flatMap((c) => c.contratos.map((l) => ({ ...l, credor: c.credor.codcredor })));
    expect(all.credores.every((c) => c.situacao === 'ok')).toBe(true);
    const prescribed = lines.find((l) => l.contrato === '5800412937');
    const disputed = lines.find((l) => l.contrato === '5502630184');
    const ordinary = lines.find((l) => l.contrato === '30125590418');
    expect(prescribed?.estado.tipo).toBe('prescrita');
    expect(prescribed?.diasAtraso).toBeGreaterThan(5 * 365);
    expect(disputed).toMatchObject({
      estado: { tipo: 'em-disputa' },
      melhorAVista: null,
      menorParcela: null,
    });
    expect(ordinary).toMatchObject({
      estado: { tipo: 'aberta' },
      diasAtraso: 65,
      chamarProposta: true,
    });
    expect(ordinary?.melhorAVista?.totalCents).toBeGreaterThan(0);
    expect(all.totais.contratos).toBe(3);
    // the total owed is the ordinary debt's; the prescribed and the disputed are apart, and said so
    expect(all.totais.devidoCents).toBe(ordinary?.devidoCents);
    expect(all.totais.foraCents).toBe((prescribed?.devidoCents ?? 0) + (disputed?.devidoCents ?? 0));
    // the best upfront offer says what it settles
    expect(ordinary?.melhorAVista?.cobre).toMatch(/^(atrasadas|todas)$/);
    expect(all.totais.melhorAVistaCents).toBe(ordinary?.melhorAVista?.totalCents);
  });

  it("says whether a budget pays what is owed within 60 months: Sandra's does not", async () => {
    const trpc = await as('sandra');
    expect((await trpc.debts.all.query()).plano).toBeNull();
    const despesas = {
      moradia: 100_000,
      alimentacao: 50_000,
      transporte: 20_000,
      saude: 10_000,
      educacao: 0,
      contas: 10_000,
    };
    await trpc.budget.save.mutate({ renda: 280_000, despesas, outrasParcelas: 0 });
    const { plano, totais } = await trpc.debts.all.query();
    expect(plano).toEqual({ livreCents: 90_000, meses: 60, cobre: false, mensalCents: 90_000 });
    expect(totais.devidoCents).toBeGreaterThan(60 * 90_000);
    // a larger income pays it
    await trpc.budget.save.mutate({ renda: 1_000_000, despesas, outrasParcelas: 0 });
    const rich = (await trpc.debts.all.query()).plano;
    expect(rich?.cobre).toBe(true);
    expect(rich?.meses).toBe(Math.ceil(totais.devidoCents / (1_000_000 - 190_000)));
  });

  it('shows an agreement in progress as such, without offers, owing what remains of it', async () => {
    const ana = await as('ana');
    const all = await ana.debts.all.query();
    const card = all.credores.flatMap((c) => c.contratos).find((l) => l.contrato === '6011452873');
    const agreement = await ana.agreements.inProgress.query({ codcredor: '1006', contrato: '6011452873' });
    const remaining = agreement.parcelas
      .filter((p) => p.status !== 'PAGO')
      .reduce((sum, p) => sum + p.valorCents, 0);
    expect(remaining).toBeGreaterThan(0);
    expect(card?.devidoCents).toBe(remaining);
    expect(card).toMatchObject({
      estado: { tipo: 'em-acordo', processando: false },
      destino: 'acordos',
      melhorAVista: null,
      menorParcela: null,
    });
  });

  it('names a creditor that fails, and still shows the others', async () => {
    const trpc = await as('sandra');
    stack.stub.faults.set({ errorRate: 1, proxyCreditors: ['1010'] });
    const all = await trpc.debts.all.query().finally(() => stack.stub.faults.reset());
    const failed = all.credores.filter((c) => c.situacao === 'falhou');
    expect(failed.map((c) => [c.credor.codcredor, c.mensagem])).toEqual([
      ['1010', ALL_DEBTS_MESSAGES.failed],
    ]);
    expect(all.credores.filter((c) => c.situacao === 'ok')).toHaveLength(4);
    expect(all.totais.contratos).toBe(4);
  });

  it('reads every creditor at most 20 times a session in 10 minutes', async () => {
    const trpc = await as('maria');
    for (let i = 0; i < 20; i += 1) await trpc.debts.all.query();
    const before = stack.stub.state.proxyRequests.length;
    expect(await failure(trpc.debts.all.query())).toMatchObject({ message: SHARED_MESSAGES.tooManyAttempts });
    expect(await failure(trpc.debts.sameDay.query({ dia: 10 }))).toMatchObject({
      message: SHARED_MESSAGES.tooManyAttempts,
    });
    expect(stack.stub.state.proxyRequests.length).toBe(before);
  });

  it('names a creditor that does not answer in time, and still shows the others', async () => {
    const trpc = await as('sandra');
    await trpc.debts.creditors.query();
    stack.stub.faults.set({ latencyMs: 5_000, proxyCreditors: ['1011'] });
    const started = Date.now();
    const all = await trpc.debts.all.query().finally(() => stack.stub.faults.reset());
    expect(Date.now() - started).toBeLessThan(4_000);
    const late = all.credores.filter((c) => c.situacao === 'falhou');
    expect(late.map((c) => [c.credor.codcredor, c.mensagem])).toEqual([['1011', ALL_DEBTS_MESSAGES.slow]]);
    expect(all.credores.filter((c) => c.situacao === 'ok')).toHaveLength(4);
  });
});
