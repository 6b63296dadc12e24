import { useStubServer } from '@portal/test-kit/stub-server';
import { addDays } from '@portal/validation/dates';
import { describe, expect, it } from 'vitest';
import { PERSONAS } from '../data/personas';
import type { SeedContract } from '../data/types';
import { agreementOnWire, LIFTS_RECORD_AFTER_BUSINESS_DAYS } from '../negotiation/contracts';
import { createPayments } from './payments';

const at = (iso: string) => Date.parse(iso);

describe('payment confirmation', () => {
  it('confirms a PIX when it is paid, and a boleto on its clearing business day', () => {
    let now = at('2026-11-27T13:00:00Z'); // a Friday, 10:00 in Brasília
    const payments = createPayments(() => now);
    payments.pay({ cpfCnpj: '1', contrato: 'c', codigoAcordo: 'a', parcela: 1, metodo: 'pix' });
    expect(payments.confirmedAt('1', 'c', 'a', 1)).toBe(now);

    const confirms = payments.pay({
      cpfCnpj: '1',
      contrato: 'c',
      codigoAcordo: 'a',
      parcela: 2,
      metodo: 'boleto',
      diasUteis: 2,
    });
    // Monday 30/11 is the first business day, Tuesday 01/12 the second
    expect(new Date(confirms).toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(payments.confirmedAt('1', 'c', 'a', 2)).toBeUndefined();
    now = confirms;
    expect(payments.confirmedAt('1', 'c', 'a', 2)).toBe(confirms);
  });

  it('keeps each agreement’s payments its own, and moves them with their instalments’ numbers', () => {
    const now = at('2026-11-27T13:00:00Z');
    const payments = createPayments(() => now);
    payments.pay({ cpfCnpj: '1', contrato: 'c', codigoAcordo: 'a', parcela: 1, metodo: 'pix' });
    payments.pay({ cpfCnpj: '1', contrato: 'c', codigoAcordo: 'a', parcela: 3, metodo: 'pix' });
    expect(payments.confirmedAt('1', 'c', 'b', 1)).toBeUndefined();
    // instalment 2 went to the end (4): 3 became 2
    payments.renumber(
      '1',
      'c',
      'a',
      new Map([
        [3, 2],
        [4, 3],
        [2, 4],
      ]),
    );
    expect([1, 2, 3, 4].map((n) => payments.confirmedAt('1', 'c', 'a', n))).toEqual([
      now,
      now,
      undefined,
      undefined,
    ]);
  });

  it('draws a boleto’s clearing from one to three business days when not told', () => {
    const now = at('2026-11-24T13:00:00Z');
    const payments = createPayments(() => now);
    const days = new Set(
      Array.from({ length: 60 }, (_, i) =>
        new Date(
          payments.pay({ cpfCnpj: '1', contrato: 'c', codigoAcordo: 'a', parcela: i + 1, metodo: 'boleto' }),
        ).toISOString(),
      ),
    );
    expect([...days].sort()).toEqual([
      '2026-11-25T13:00:00.000Z',
      '2026-11-26T13:00:00.000Z',
      '2026-11-27T13:00:00.000Z',
    ]);
  });
});

describe('consultaAcordo with payments (ours: dataPagamento, negativado)', () => {
  const NOW = new Date('2026-11-24T15:00:00Z');
  const TODAY = '2026-11-24';
  const contract: SeedContract = {
    ...(PERSONAS.find((p) => p.key === 'ana')?.contracts.find((c) => c.agreement) as SeedContract),
    agreement: {
      codigo: 'AC-1',
      formaPagamento: 'boleto',
      instalments: [
        { numero: 1, dueInDays: 5, valueCents: 10_000, status: 'EM ABERTO' },
        { numero: 2, dueInDays: 35, valueCents: 10_000, status: 'FUTURA' },
      ],
    },
  };

  it('answers a confirmed instalment PAGO with its day, and the next one payable', () => {
    const reply = agreementOnWire(contract, NOW, { paidOn: (n) => (n === 1 ? '2026-11-20' : undefined) });
    expect(reply?.parcelasAcordo.map((p) => [p.status, p.dataPagamento])).toEqual([
      ['PAGO', '20/11/2026'],
      ['EM ABERTO', undefined],
    ]);
  });

  it('lifts the record some business days after the first payment, unless the creditor keeps it', () => {
    const paidOn = (day: string) => (n: number) => (n === 1 ? day : undefined);
    expect(agreementOnWire(contract, NOW)?.negativado).toBe(true);
    // paid on Friday 20/11 (a holiday) counted from Monday 23: three business days end on Wednesday 25
    expect(LIFTS_RECORD_AFTER_BUSINESS_DAYS).toBe(3);
    expect(agreementOnWire(contract, NOW, { paidOn: paidOn('2026-11-20') })?.negativado).toBe(true);
    expect(agreementOnWire(contract, NOW, { paidOn: paidOn(addDays(TODAY, -10)) })?.negativado).toBe(false);
    expect(
      agreementOnWire(contract, NOW, { paidOn: paidOn(addDays(TODAY, -10)), keepsRecord: true })?.negativado,
    ).toBe(true);
  });

  it('waits for the last instalment when the creditor’s rule is quitação', () => {
    const early = addDays(TODAY, -20);
    const first = agreementOnWire(contract, NOW, {
      paidOn: (n) => (n === 1 ? early : undefined),
      liftAfter: 'quitacao',
    });
    expect(first?.negativado).toBe(true);
    const both = agreementOnWire(contract, NOW, { paidOn: () => early, liftAfter: 'quitacao' });
    expect(both?.negativado).toBe(false);
  });
});

describe('POST /__stub/payments', () => {
  const server = useStubServer();

  it('answers when the payment confirms, and refuses a payment without its instalment', async () => {
    const pix = await server.post('/__stub/payments', {
      cpfCnpj: '935.411.347-80',
      contrato: '6011452873',
      parcela: 4,
      metodo: 'pix',
      pagoEm: '2026-11-20T12:00:00Z',
    });
    expect(pix.status).toBe(200);
    expect(await pix.json()).toEqual({ confirmaEm: '2026-11-20T12:00:00.000Z' });
    expect((await server.post('/__stub/payments', { cpfCnpj: '1', metodo: 'pix' })).status).toBe(400);
  });
});
