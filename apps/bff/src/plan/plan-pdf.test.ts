import { failure, type Stack, signedInCopy, startStack } from '@portal/test-kit/harness';
import { overlappingRuns, pdfTextRuns, pdfTexts } from '@portal/test-kit/pdf-text';
import { formatMoney, parseMoney } from '@portal/validation/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalDocument } from '../agreements/agreement-letter';
import { freeExplained, PLAN_COLUMNS, PLAN_MESSAGES } from './plan-pdf';

// 'Plano de pagamento' for Sandra, over-indebted: her budget cannot pay her debts within 60 months.

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const despesas = {
  moradia: 100_000,
  alimentacao: 50_000,
  transporte: 20_000,
  saude: 10_000,
  educacao: 0,
  contas: 10_000,
};

const sandra = () => signedInCopy(stack, 'sandra');

describe('the repayment plan', () => {
  it('asks for the budget first', async () => {
    const { trpc } = await sandra();
    expect(await failure(trpc.debts.planPdf.mutate())).toMatchObject({ message: PLAN_MESSAGES.noBudget });
  });

  it('holds every debt, the budget and a 60-month split whose figures add up, with the document masked', async () => {
    const { trpc, user } = await sandra();
    await trpc.budget.save.mutate({ renda: 280_000, despesas, outrasParcelas: 0 });
    const { arquivo, conteudo } = await trpc.debts.planPdf.mutate();
    expect(arquivo).toBe('plano-de-pagamento.pdf');
    const texts = await pdfTexts(Buffer.from(conteudo, 'base64'));
    const text = texts.join('\n');
    expect(text).toContain('Plano de pagamento');
    expect(text).toContain(user.profile.nome);
    expect(text).not.toContain(user.cpfCnpj);
    expect(text).toContain('Não é uma orientação jurídica');
    // the table: five debts, each row's 'No plano' (right-aligned under its title) summing to 60 × R$ 900,00
    const runs = await pdfTextRuns(Buffer.from(conteudo, 'base64'));
    const title = runs.find((r) => r.text === 'No plano');
    if (!title) throw new Error('no table');
    const planned = runs.filter(
      (r) =>
        r.page === title.page &&
        r.y < title.y &&
        r.text.startsWith('R$') &&
        Math.abs(r.x + r.width - (title.x + title.width)) < 0.5,
    );
    expect(planned).toHaveLength(5);
    expect(planned.reduce((sum, r) => sum + parseMoney(r.text), 0)).toBe(60 * 90_000);
    // nothing prints over anything else
    expect(overlappingRuns(runs)).toEqual([]);
    // how what is free was reached, in figures that add up
    expect(text.replace(/\n/g, ' ').replace(/\u00a0/g, ' ')).toContain(
      `Como chegamos ao disponível: renda líquida ${formatMoney(280_000)}, menos despesas essenciais ${formatMoney(190_000)}, menos parcelas que já paga ${formatMoney(0)}: ${formatMoney(90_000)}.`.replace(
        /\u00a0/g,
        ' ',
      ),
    );
    expect(text).not.toContain('Mínimo existencial preservado');
    expect(texts[texts.indexOf('Total proposto no plano: ') + 1]).toBe(formatMoney(5_400_000));
    expect(texts[texts.indexOf('Disponível por mês para as dívidas: ') + 1]).toBe(formatMoney(90_000));
  });
});

describe("the plan's table and sums", () => {
  it('wraps a cell wider than its column, so that nothing prints over anything at the widest amounts', async () => {
    const { doc, w } = await portalDocument('Plano de pagamento', 'Plano de pagamento');
    const widest = formatMoney(99_999_999_999);
    w.table(
      PLAN_COLUMNS,
      Array.from({ length: 4 }, () => [
        'Companhia Brasileira de Crédito ao Consumidor e Financiamentos S.A.',
        '12***890123456',
        widest,
        widest,
        `${widest} a ${widest}`,
      ]),
    );
    const runs = await pdfTextRuns(await doc.save({ useObjectStreams: false }));
    expect(overlappingRuns(runs)).toEqual([]);
    // every amount still reads whole, over its lines
    expect(runs.filter((r) => r.text.includes('999.999.999,99')).length).toBeGreaterThanOrEqual(4 * 4);
    // and no run of the table leaves its column (the page's margin is 48 points)
    const table = runs.filter((r) => r.size === 9.5);
    expect(table.length).toBeGreaterThan(20);
    for (const run of table) {
      const inside = PLAN_COLUMNS.some(
        (c) => run.x >= 48 + c.x - 0.5 && run.x + run.width <= 48 + c.x + c.width + 0.5,
      );
      expect(inside, run.text).toBe(true);
    }
  });

  it('explains what is free with the mínimo existencial when the essentials are less, and never below zero', () => {
    const few = { moradia: 0, alimentacao: 30_000, transporte: 0, saude: 0, educacao: 0, contas: 10_000 };
    expect(freeExplained({ renda: 100_000, despesas: few, outrasParcelas: 50_000 }, 60_000, 0)).toBe(
      `Como chegamos ao disponível: renda líquida ${formatMoney(100_000)}, menos o mínimo existencial ${formatMoney(60_000)} (as despesas essenciais, ${formatMoney(40_000)}, são menos que ele), menos parcelas que já paga ${formatMoney(50_000)}: ${formatMoney(0)} (nunca menos que zero).`,
    );
  });
});
