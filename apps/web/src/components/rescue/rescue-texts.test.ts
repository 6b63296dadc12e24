import { describe, expect, it } from 'vitest';
import { cancelledLines, dayChangedText, daysLeftText, overdueLines, SHIFTED_TEXT } from './rescue-texts';

const overdue = (diasUteisRestantes: number | null, pagueAte: string | null = '2026-06-24') => ({
  numero: 4,
  vencimento: '2026-06-10',
  pagueAte,
  diasUteisRestantes,
});

describe('the overdue notice', () => {
  it('says when the instalment fell due, until when to pay, and the business days left', () => {
    expect(overdueLines(overdue(9))).toEqual([
      'A parcela 4 venceu em 10/06. Pague até 24/06 para manter seu acordo.',
      'Faltam 9 dias úteis.',
    ]);
  });

  it.each([
    [2, 'Faltam 2 dias úteis.'],
    [1, 'Falta 1 dia útil.'],
    [0, 'Último dia útil para pagar: hoje.'],
  ])('counts %i business days left as "%s"', (days, text) => {
    expect(daysLeftText(days)).toBe(text);
    expect(overdueLines(overdue(days))[1]).toBe(text);
  });

  it('says nothing of days once the last one has passed', () => {
    expect(overdueLines(overdue(-1))).toHaveLength(1);
  });

  it('asks to pay as soon as possible when the creditor gives no tolerance', () => {
    expect(overdueLines(overdue(null, null))).toEqual([
      'A parcela 4 venceu em 10/06. Pague o quanto antes para manter seu acordo.',
    ]);
  });
});

describe('a cancelled agreement', () => {
  it('says when and why, what was paid, what was still owed, and why the balance may now be more', () => {
    expect(cancelledLines({ canceladoEm: '2026-07-02', pagoCents: 67_480, restanteCents: 63_720 })).toEqual([
      'Este acordo foi cancelado em 02/07/2026 porque uma parcela não foi paga no prazo.',
      'Você já pagou R$\u00a0674,80.',
      'Faltavam R$\u00a0637,20.',
      'Com o cancelamento, o desconto do acordo deixa de valer e o credor volta a cobrar juros sobre o que faltava: por isso o saldo para renegociar pode ser maior do que esse valor.',
    ]);
  });

  it('leaves the day out when the creditor does not say it', () => {
    expect(cancelledLines({ canceladoEm: null, pagoCents: 0, restanteCents: 100 })[0]).toBe(
      'Este acordo foi cancelado porque uma parcela não foi paga no prazo.',
    );
  });
});

describe('a new payment day', () => {
  it('says the dates moved forward only when one fell on a weekend or holiday', () => {
    expect(dayChangedText(10, ['2026-07-10', '2026-08-10'])).toBe(
      'Pronto! Suas parcelas agora vencem no dia 10.',
    );
    expect(dayChangedText(10, ['2026-07-10', '2026-10-12'])).toBe(
      `Pronto! Suas parcelas agora vencem no dia 10. ${SHIFTED_TEXT}`,
    );
  });
});
