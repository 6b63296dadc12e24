import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../upstream/errors';
import { isoOf, paidDayOf, toDebtView } from './views';

describe('isoOf', () => {
  it("reads the upstream's dd/mm/yyyy, and takes a day that does not exist for a bad reply", () => {
    expect(isoOf('29/02/2028')).toBe('2028-02-29');
    expect(() => isoOf('29/02/2027')).toThrow(UpstreamError);
  });
});

describe('paidDayOf', () => {
  it("is the day a paid instalment's payment was confirmed, else null", () => {
    expect(paidDayOf({ status: 'PAGO', dataPagamento: '09/01/2026' })).toBe('2026-01-09');
    expect(paidDayOf({ status: 'PAGO' })).toBeNull();
    expect(paidDayOf({ status: 'EM ABERTO', dataPagamento: '09/01/2026' })).toBeNull();
  });
});

describe('toDebtView', () => {
  it('turns an open instalment into cents and ISO days', () => {
    expect(
      toDebtView({
        id: 'd-6',
        contrato: '4587120093',
        valorpago: '1.950,10',
        valorprincipal: '800,00',
        datvenci: '19/08/2026',
        validade: '24/11/2026',
        parcelaFutura: true,
        dataMaxVencimento: '07/12/2026',
      }),
    ).toEqual({
      id: 'd-6',
      contrato: '4587120093',
      valorCents: 195010,
      originalCents: 80000,
      vencimento: '2026-08-19',
      validade: '2026-11-24',
      futura: true,
      dataMaxVencimento: '2026-12-07',
    });
  });
});
