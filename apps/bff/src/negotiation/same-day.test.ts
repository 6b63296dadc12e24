import { type Stack, signedInCopy, startStack } from '@portal/test-kit/harness';
import { addDays, formatBrDate, monthlyOnDay, todayInBrazil } from '@portal/validation/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_DAY_MESSAGES } from './same-day';

// 'Tudo no mesmo dia' against the simulator: each creditor asked again for the one day chosen.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

/** A day of the month whose next date is `ahead` to `ahead + 9` days from today (days 29–31 skipped). */
function dayAbout(ahead: number): number {
  for (let k = ahead; k < ahead + 10; k += 1) {
    const day = Number(addDays(todayInBrazil(), k).slice(8));
    if (day <= 28) return day;
  }
  throw new Error('no day');
}

const sandra = () => signedInCopy(stack, 'sandra');

describe('every agreement on the same day', () => {
  it('values each contract again with its creditor for that date, and offers only what is paid on it', async () => {
    const { trpc, user } = await sandra();
    const dia = dayAbout(4);
    const [expected] = monthlyOnDay(todayInBrazil(), dia, 1);
    const before = stack.stub.state.proxyRequests.length;
    const answer = await trpc.debts.sameDay.query({ dia });
    expect(answer.vencimento).toBe(expected);
    const contratos = answer.credores.flatMap((c) => c.contratos);
    expect(contratos.length).toBeGreaterThanOrEqual(4);
    const offered = contratos.filter((c) => c.propostas.length > 0);
    expect(offered.length).toBeGreaterThan(0);
    for (const c of offered) for (const p of c.propostas) expect(p.vencimento).toBe(expected);
    // the ways to pay a review may ask for: each creditor's own boleto or PIX
    for (const c of answer.credores) {
      expect(c.formas).toContain('boleto');
      for (const f of c.formas) expect(['boleto', 'pix']).toContain(f);
    }
    // what reached the simulator: each contract's consultaProposta for that date
    const asked = stack.stub.state.proxyRequests
      .slice(before)
      .filter((r) => r.metodo === 'consultaProposta' && r.cpfcnpj === user.cpfCnpj);
    expect(new Set(asked.map((r) => (r as { vencimento?: string }).vencimento))).toContain(
      formatBrDate(expected ?? ''),
    );
  });

  it('says which creditors do not take a date past their window, and answers the rest', async () => {
    const { trpc } = await sandra();
    const answer = await trpc.debts.sameDay.query({ dia: dayAbout(18) });
    const contratos = answer.credores.flatMap((c) => c.contratos);
    expect(contratos.length).toBeGreaterThan(0);
    for (const c of contratos) {
      expect(c.propostas).toEqual([]);
      expect(c.mensagem).toBe(SAME_DAY_MESSAGES.outsideWindow);
    }
  });
});

describe("the days 'Todas as minhas dívidas' offers for it", () => {
  it('are the days some creditor answers with offers, each naming the creditors that answer none', async () => {
    // two copies of Sandra: one session reads every creditor at most 20 times in 10 minutes
    const [first, second] = [await sandra(), await sandra()];
    const { mesmoDia } = await first.trpc.debts.all.query();
    expect(mesmoDia.length).toBeGreaterThan(0);
    const offered = new Map(mesmoDia.map((d) => [d.dia, d]));
    // every day of the month, asked of the simulator: offers on a day offered, none on one left out
    for (let dia = 1; dia <= 28; dia += 1) {
      const { trpc } = dia <= 14 ? first : second;
      const { credores, vencimento } = await trpc.debts.sameDay.query({ dia });
      const answering = credores.filter((c) => c.contratos.some((k) => k.propostas.length > 0));
      const day = offered.get(dia);
      expect({ dia, offered: day !== undefined }).toEqual({ dia, offered: answering.length > 0 });
      if (!day) continue;
      expect(day.vencimento).toBe(vencimento);
      const silent = credores
        .filter((c) => c.contratos.length > 0 && !answering.includes(c))
        .map((c) => c.credor.nome);
      expect({ dia, recusam: day.recusam }).toEqual({ dia, recusam: silent });
    }
  }, 60_000);
});

const maria = () => signedInCopy(stack, 'maria');

type Trpc = Awaited<ReturnType<typeof maria>>['trpc'];

/** Two contracts of two creditors with offers on the day, each with its first offer: what a person picks. */
async function twoCreditorsOnOneDay(trpc: Trpc) {
  for (const ahead of [4, 2, 6]) {
    const answer = await trpc.debts.sameDay.query({ dia: dayAbout(ahead) });
    const picks = answer.credores.flatMap(({ credor, contratos }) => {
      const offered = contratos.find((c) => c.propostas.length > 0);
      const [proposta] = offered?.propostas ?? [];
      return offered && proposta
        ? [{ codcredor: credor.codcredor, contrato: offered.contrato, proposta }]
        : [];
    });
    if (picks.length >= 2) return { vencimento: answer.vencimento, picks: picks.slice(0, 2) };
  }
  throw new Error('no day with two creditors offering');
}

/** 'Revisar acordos' with the picks, each paid by boleto. */
const reviewOf = (trpc: Trpc, picks: Awaited<ReturnType<typeof twoCreditorsOnOneDay>>['picks']) =>
  trpc.debts.sameDayReview.mutate({
    itens: picks.map((p) => ({
      codcredor: p.codcredor,
      contrato: p.contrato,
      idProposta: p.proposta.id,
      formaPagamento: 'boleto' as const,
    })),
  });

const agreementsMadeBy = (cpfCnpj: string) =>
  stack.stub.state.proxyRequests.filter(
    (r) => r.metodo === 'gerarBoleto' && r.cpfcnpj === cpfCnpj,
  ) as unknown as {
    codcredor: string;
    contrato: string;
    vencimento?: string;
  }[];

describe('concluding every agreement of the day', () => {
  it('keeps one summary per contract, each concluded once with its own boletos, however often it is tapped', async () => {
    const { trpc, user } = await maria();
    const { vencimento, picks } = await twoCreditorsOnOneDay(trpc);
    const review = await reviewOf(trpc, picks);
    expect(review.vencimento).toBe(vencimento);
    expect(review.itens.map((i) => i.contrato)).toEqual(picks.map((p) => p.contrato));
    for (const [i, item] of review.itens.entries()) {
      expect(item.detalhes.vencimento).toBe(vencimento);
      expect(item.detalhes.totalCents).toBe(
        picks[i]?.proposta.tipo === 'AV' ? picks[i]?.proposta.valorPagoCents : picks[i]?.proposta.totalCents,
      );
    }
    expect(new Set(review.itens.map((i) => i.chave)).size).toBe(2);
    // a reload of the review finds it
    expect(await trpc.debts.sameDayCart.query()).toEqual(review);

    // each key tapped twice at once, then once more: one gerarBoleto per contract reaches the simulator
    const taps = review.itens.flatMap((i) => [
      trpc.agreements.create.mutate({ chave: i.chave }),
      trpc.agreements.create.mutate({ chave: i.chave }),
    ]);
    const settled = await Promise.allSettled(taps);
    expect(settled.filter((s) => s.status === 'fulfilled').length).toBeGreaterThanOrEqual(2);
    for (const item of review.itens) {
      const again = await trpc.agreements.create.mutate({ chave: item.chave });
      expect(again.status).toBe('concluido');
      if (again.status === 'concluido') {
        expect(again.acordo.contrato).toBe(item.contrato);
        expect(again.acordo.boletos.length).toBeGreaterThan(0);
      }
    }
    const made = agreementsMadeBy(user.cpfCnpj);
    expect(made.map((r) => r.contrato).sort()).toEqual(picks.map((p) => p.contrato).sort());
    for (const r of made) expect(r.vencimento).toBe(formatBrDate(vencimento));
  });

  it('concludes the others when one creditor fails, and says which agreement was not made', async () => {
    const { trpc, user } = await maria();
    const { picks } = await twoCreditorsOnOneDay(trpc);
    const review = await reviewOf(trpc, picks);
    const [failing, working] = review.itens;
    if (!failing || !working) throw new Error('two items');
    // (the knob also fails the upstream's REST calls: it is off again before the next agreement)
    stack.stub.faults.set({
      errorRate: 1,
      proxyMethods: ['gerarBoleto'],
      proxyCreditors: [failing.credor.codcredor],
    });
    try {
      await expect(trpc.agreements.create.mutate({ chave: failing.chave })).rejects.toThrow();
    } finally {
      stack.stub.faults.reset();
    }
    expect((await trpc.agreements.create.mutate({ chave: working.chave })).status).toBe('concluido');
    expect(await trpc.agreements.intent.query({ chave: failing.chave })).toEqual({ status: 'nenhum' });
    expect(agreementsMadeBy(user.cpfCnpj).map((r) => r.contrato)).toEqual([working.contrato]);
    // the key is free: tried again once the creditor answers, it is made
    expect((await trpc.agreements.create.mutate({ chave: failing.chave })).status).toBe('concluido');
    expect(agreementsMadeBy(user.cpfCnpj).length).toBe(2);
  });

  it('refuses an offer or a way to pay that was not offered for the day, and keeps nothing', async () => {
    const { trpc, user } = await maria();
    const { picks } = await twoCreditorsOnOneDay(trpc);
    const [first] = picks;
    if (!first) throw new Error('a pick');
    const item = { codcredor: first.codcredor, contrato: first.contrato, formaPagamento: 'boleto' as const };
    await expect(
      trpc.debts.sameDayReview.mutate({ itens: [{ ...item, idProposta: 'not-offered' }] }),
    ).rejects.toThrow(/não está mais disponível/);
    await expect(
      trpc.debts.sameDayReview.mutate({
        itens: [
          { ...item, idProposta: first.proposta.id },
          { ...item, idProposta: first.proposta.id },
        ],
      }),
    ).rejects.toThrow(/uma oferta por contrato/);
    expect(await trpc.debts.sameDayCart.query()).toBeNull();
    expect(agreementsMadeBy(user.cpfCnpj)).toEqual([]);
  });
});

describe('one payday, every payment', () => {
  type Copy = Awaited<ReturnType<typeof maria>>;
  /** A plan (AP) offered for the day at the creditor, for a fresh copy of the persona. */
  async function planAt(copy: Copy, codcredor: string, dia: number) {
    const { credores } = await copy.trpc.debts.sameDay.query({ dia });
    const line = credores.find((c) => c.credor.codcredor === codcredor);
    for (const { contrato, propostas } of line?.contratos ?? []) {
      const p = propostas.find((o) => o.tipo === 'AP' && o.quantidadeParcelas >= 3);
      if (p) return { codcredor, contrato, p };
    }
    throw new Error(`no plan at ${codcredor}`);
  }
  /** The plan reviewed and concluded: what the review said of its payments, and what the creditor made. */
  async function concluded(copy: Copy, plan: Awaited<ReturnType<typeof planAt>>) {
    const [item] = (
      await copy.trpc.debts.sameDayReview.mutate({
        itens: [
          {
            codcredor: plan.codcredor,
            contrato: plan.contrato,
            idProposta: plan.p.id,
            formaPagamento: 'boleto',
          },
        ],
      })
    ).itens;
    if (!item) throw new Error('reviewed');
    expect((await copy.trpc.agreements.create.mutate({ chave: item.chave })).status).toBe('concluido');
    const made = stack.stub.state.ledger.agreements.find(
      (a) => a.cpfCnpj === copy.user.cpfCnpj && a.contrato === plan.contrato,
    );
    return { item, made: made?.instalments.map((i) => ({ vencimento: i.due, valorCents: i.cents })) };
  }

  it('a creditor that keeps the day: every payment on it, said, reviewed with its total, and made so', async () => {
    const dia = dayAbout(4);
    const promised = monthlyOnDay(todayInBrazil(), dia, 24);
    const copy = await maria();
    // Lojas Horizonte (1001) dates each instalment on the same day of the month
    const plan = await planAt(copy, '1001', dia);
    expect(plan.p.noDia).toBe(true);
    expect(plan.p.pagamentos?.map((x) => x.vencimento)).toEqual(
      promised.slice(0, plan.p.quantidadeParcelas + 1),
    );
    const { item, made } = await concluded(copy, plan);
    expect(item.pagamentos).toEqual(plan.p.pagamentos);
    expect(item.pagamentos?.reduce((sum, x) => sum + x.valorCents, 0)).toBe(item.detalhes.totalCents);
    expect(made).toEqual(item.pagamentos);
  });

  it('a creditor that counts 30 days says its real dates before the pick; one that says nothing, that', async () => {
    const dia = dayAbout(4);
    const promised = monthlyOnDay(todayInBrazil(), dia, 24);
    // Prisma Financeira (1010) every 30 days
    const copy = await sandra();
    const plan = await planAt(copy, '1010', dia);
    const dates = plan.p.pagamentos?.map((x) => x.vencimento) ?? [];
    expect(dates).toHaveLength(plan.p.quantidadeParcelas + 1);
    expect(plan.p.noDia).toBe(dates.every((d, i) => d === promised[i]));
    expect(plan.p.noDia).toBe(false);
    const { made } = await concluded(copy, plan);
    expect(made?.map((x) => x.vencimento)).toEqual(dates);

    // Sandra's other creditors say nothing of their schedule: nothing promised beyond the first payment
    const { credores } = await (await sandra()).trpc.debts.sameDay.query({ dia });
    const plans = credores
      .filter((c) => c.credor.codcredor !== '1010')
      .flatMap((c) => c.contratos.flatMap((k) => k.propostas.filter((p) => p.tipo === 'AP')));
    expect(plans.length).toBeGreaterThan(0);
    for (const p of plans) expect(p).toMatchObject({ pagamentos: null, noDia: false });
  });
});

describe('honest labels on the same day', () => {
  it('labels a prescribed debt from the instalments its offers settle, and no other', async () => {
    const { trpc } = await signedInCopy(stack, 'rafael');
    const answer = await trpc.debts.sameDay.query({ dia: dayAbout(4) });
    const contratos = answer.credores.flatMap((c) => c.contratos);
    const prescribed = contratos.find((c) => c.contrato === '5800412937');
    const ordinary = contratos.find((c) => c.contrato === '30125590418');
    expect(prescribed?.propostas.length).toBeGreaterThan(0);
    expect(prescribed?.estado.tipo).toBe('prescrita');
    expect(ordinary?.propostas.length).toBeGreaterThan(0);
    expect(ordinary?.estado).toEqual({ tipo: 'aberta' });
    // the disputed one is not offered at all
    expect(contratos.find((c) => c.contrato === '5502630184')).toBeUndefined();
  });
});
