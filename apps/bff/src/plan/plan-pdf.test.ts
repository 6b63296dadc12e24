import { failure, type Stack, signedInCopy, startStack } from '@portal/test-kit/harness';
import { pdfTexts } from '@portal/test-kit/pdf-text';
import { formatMoney, parseMoney } from '@portal/validation/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_MESSAGES } from './plan-pdf';

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
    // the table: five debts, then each row's 'No plano' sums to the plan's total of 60 × R$ 900,00
    const header = texts.indexOf('Por mês');
    const rows = texts.slice(header + 1, header + 1 + 5 * 5);
    const planned = [0, 1, 2, 3, 4].map((r) => parseMoney(rows[r * 5 + 3] ?? ''));
    expect(planned.reduce((a, b) => a + b, 0)).toBe(60 * 90_000);
    expect(texts[texts.indexOf('Total proposto no plano: ') + 1]).toBe(formatMoney(5_400_000));
    expect(texts[texts.indexOf('Disponível por mês para as dívidas: ') + 1]).toBe(formatMoney(90_000));
  });
});
