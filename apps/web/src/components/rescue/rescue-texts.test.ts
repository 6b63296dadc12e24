import { describe, expect, it } from 'vitest';
import { inProgress } from '../../../test/fixtures/agreements';
import type { AgreementInProgress } from '../../lib/api/trpc';
import {
  cancelledLines,
  dayChangeAllowed,
  dayChangedText,
  daysLeftText,
  movableInstalment,
  overdueLines,
  SHIFTED_TEXT,
} from './rescue-texts';

const overdue = (diasUteisRestantes: number | null, pagueAte: string | null = '2026-06-24') => ({
  numero: 4,
  vencimento: '2026-06-10',
  pagueAte,
  diasUteisRestantes,
});

const rules = (moverParcelaFim: boolean, alterarDiaVencimento: boolean) =>
  ({ toleranciaDias: 10, moverParcelaFim, alterarDiaVencimento }) satisfies AgreementInProgress['regras'];

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

describe('what the creditor allows', () => {
  it('moves the overdue instalment, else the first open one, never the last', () => {
    expect(movableInstalment(inProgress({ regras: rules(true, false) }))).toBe(4);
    expect(
      movableInstalment(inProgress({ regras: rules(true, false), atraso: overdue(3), cancelado: null })),
    ).toBe(4);
    const data = inProgress({ regras: rules(true, false) });
    const lastOpen = {
      ...data,
      parcelas: data.parcelas.map((p) => (p.numero === 4 ? { ...p, status: 'PAGO' as const } : p)),
    };
    // instalment 5 is now the open one, and the last
    expect(movableInstalment(lastOpen)).toBeNull();
  });

  it('offers no move nor new day where the creditor does not allow it, or once cancelled', () => {
    const data = inProgress({ regras: rules(false, false) });
    expect(movableInstalment(data)).toBeNull();
    expect(dayChangeAllowed(data)).toBe(false);
    const cancelled = inProgress({
      regras: rules(true, true),
      atraso: null,
      cancelado: { canceladoEm: null, pagoCents: 1, restanteCents: 1 },
    });
    expect(movableInstalment(cancelled)).toBeNull();
    expect(dayChangeAllowed(cancelled)).toBe(false);
    expect(dayChangeAllowed(inProgress({ regras: rules(false, true) }))).toBe(true);
  });

  it('says the dates moved forward only when one fell on a weekend or holiday', () => {
    expect(dayChangedText(10, ['2026-07-10', '2026-08-10'])).toBe(
      'Pronto! Suas parcelas agora vencem no dia 10.',
    );
    expect(dayChangedText(10, ['2026-07-10', '2026-10-12'])).toBe(
      `Pronto! Suas parcelas agora vencem no dia 10. ${SHIFTED_TEXT}`,
    );
  });
});
