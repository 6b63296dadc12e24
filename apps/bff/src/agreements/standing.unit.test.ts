import type { AgreementQueryResult } from '@portal/contracts/upstream/entities';
import { CREDITOR } from '@portal/test-kit/agreement-fakes';
import { describe, expect, it } from 'vitest';
import { assertChange, changesOf, previewOf, RESCUE_MESSAGES } from './standing';

// What a person may change in an agreement, decided here for /acordos, Minha conta's modals and the two
// procedures that send a change; and the preview of a change, which marks only what it alters.

const BOTH = { ...CREDITOR, regrasAcordo: { moverParcelaFim: true, alterarDiaVencimento: true } };
const br = (iso: string) => iso.split('-').reverse().join('/');

/** An agreement of four instalments due on these ISO days, the first `paid` of them paid. */
function agreement(
  days: string[],
  paid = 0,
  situacao: 'ATIVO' | 'CANCELADO' = 'ATIVO',
): AgreementQueryResult {
  return {
    codigoAcordo: 'AC-1',
    formaPagamento: 'boleto',
    situacao,
    parcelasAcordo: days.map((day, i) => ({
      id: `P-${i + 1}`,
      numero: i + 1,
      status: i < paid ? 'PAGO' : i === paid ? 'EM ABERTO' : 'FUTURA',
      dataVencimento: br(day),
      valorPago: i === 0 ? '250,00' : '212,40',
    })),
  };
}
const RUNNING = agreement(['2026-11-10', '2026-12-10', '2027-01-11', '2027-02-10'], 1);
const NEW = agreement(['2026-12-10', '2027-01-11', '2027-02-10', '2027-03-10']);
const TODAY = '2026-12-02';

describe('what may be changed', () => {
  it('moves the next instalment to pay (the overdue one first), never the last, and opens a new day', () => {
    expect(changesOf(BOTH, RUNNING, TODAY)).toEqual({ mover: 2, mudarDia: true });
    const late = agreement(['2026-10-10', '2026-11-10', '2026-12-10', '2027-01-11'], 1);
    expect(changesOf(BOTH, late, TODAY).mover).toBe(2);
    const lastOpen = agreement(['2026-09-10', '2026-10-10', '2026-11-10', '2026-12-10'], 3);
    expect(changesOf(BOTH, lastOpen, TODAY)).toEqual({ mover: null, mudarDia: true });
  });

  it('moves nothing before the first instalment is due: a new agreement is not put off before it starts', () => {
    expect(changesOf(BOTH, NEW, TODAY)).toEqual({ mover: null, mudarDia: true });
    expect(changesOf(BOTH, NEW, '2026-12-10').mover).toBe(1);
    expect(() => assertChange(BOTH, NEW, { tipo: 'mover', numero: 1 }, TODAY)).toThrow(
      RESCUE_MESSAGES.notYet,
    );
  });

  it('allows only what the creditor allows, and nothing once cancelled or paid', () => {
    expect(changesOf(CREDITOR, RUNNING, TODAY)).toEqual({ mover: null, mudarDia: false });
    const cancelled = agreement(['2026-09-10', '2026-10-10', '2026-11-10', '2026-12-10'], 1, 'CANCELADO');
    expect(changesOf(BOTH, cancelled, TODAY)).toEqual({ mover: null, mudarDia: false });
    const paid = agreement(['2026-08-10', '2026-09-10', '2026-10-10', '2026-11-10'], 4);
    expect(changesOf(BOTH, paid, TODAY)).toEqual({ mover: null, mudarDia: false });
    for (const change of [
      { tipo: 'dia', dia: 5 },
      { tipo: 'mover', numero: 2 },
    ] as const) {
      expect(() => assertChange(CREDITOR, RUNNING, change, TODAY)).toThrow(RESCUE_MESSAGES.notAllowed);
      expect(() => assertChange(BOTH, cancelled, change, TODAY)).toThrow(RESCUE_MESSAGES.notAllowed);
    }
    // any instalment but the one allowed is refused: a paid one, a later one, the last
    for (const numero of [1, 3, 4])
      expect(() => assertChange(BOTH, RUNNING, { tipo: 'mover', numero }, TODAY)).toThrow(
        RESCUE_MESSAGES.notAllowed,
      );
    expect(() => assertChange(BOTH, RUNNING, { tipo: 'mover', numero: 2 }, TODAY)).not.toThrow();
  });
});

describe('the preview of a change', () => {
  it('marks only the moved instalment: the later ones move up a place with their own dates and values', () => {
    const { parcelas, antecipada } = previewOf(RUNNING, { tipo: 'mover', numero: 2 }, TODAY);
    expect(parcelas.map((p) => [p.numero, p.vencimento, p.valorCents, p.antes])).toEqual([
      [1, '2026-11-10', 25_000, null],
      [2, '2027-01-11', 21_240, null],
      [3, '2027-02-10', 21_240, null],
      [4, '2027-03-12', 21_240, { numero: 2, vencimento: '2026-12-10' }],
    ]);
    expect(antecipada).toBeNull();
  });

  it('a new day: each unpaid instalment with its date before, and the first one made due earlier named', () => {
    // the 10th is their day already (11/01, a Monday, after Sunday the 10th): nothing changes
    const same = previewOf(RUNNING, { tipo: 'dia', dia: 10 }, TODAY);
    expect(same.parcelas.filter((p) => p.antes)).toEqual([]);
    expect(same.antecipada).toBeNull();
    // the 5th: the instalment due on 10/12 falls due on 07/12 (the 5th is a Saturday), five days earlier
    const earlier = previewOf(RUNNING, { tipo: 'dia', dia: 5 }, TODAY);
    expect(earlier.parcelas.map((p) => [p.numero, p.vencimento, p.antes?.vencimento ?? null])).toEqual([
      [1, '2026-11-10', null],
      [2, '2026-12-07', '2026-12-10'],
      [3, '2027-01-05', '2027-01-11'],
      [4, '2027-02-05', '2027-02-10'],
    ]);
    expect(earlier.antecipada).toEqual({ numero: 2, de: '2026-12-10', para: '2026-12-07' });
    // the 20th: every date later, nothing due earlier
    expect(previewOf(RUNNING, { tipo: 'dia', dia: 20 }, TODAY).antecipada).toBeNull();
  });
});
