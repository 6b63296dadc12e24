import { parseBrDate } from '@portal/validation/dates';
import { parseMoney } from '@portal/validation/money';
import { describe, expect, it } from 'vitest';
import { PERSONAS } from '../data/personas';
import { debtsOnWire, lastPaymentDate, paymentDate, updatedValueCents } from './debts';

const TODAY = '2026-11-20'; // a Friday

describe('updated values', () => {
  it('keeps the original value of an instalment paid on or before its due date', () => {
    expect(updatedValueCents(48990, '2026-12-20', '2026-11-24')).toBe(48990);
    expect(updatedValueCents(48990, '2026-11-24', '2026-11-24')).toBe(48990);
  });

  it('adds a 2% fine and 1% a month pro rata die when late', () => {
    // 30 days late: 2% + 1% = 3%
    expect(updatedValueCents(100000, '2026-10-25', '2026-11-24')).toBe(103000);
    // 1 day late: 2% + 1/30 %
    expect(updatedValueCents(100000, '2026-11-23', '2026-11-24')).toBe(102033);
  });

  it('does not compound: 2,000 days late add 2% + 66,67%, still under twice the value, with nothing to cap', () => {
    expect(updatedValueCents(100000, '2021-05-28', '2026-11-18')).toBe(168667);
    // the largest seeded instalment ten years (3,652 days) late: exact cents, far from any overflow
    expect(updatedValueCents(250000, '2016-11-24', '2026-11-24')).toBe(559333);
  });
});

describe('payment dates', () => {
  it('end 15 days ahead, moved forward to a business day', () => {
    expect(lastPaymentDate(TODAY)).toBe('2026-12-07'); // 05/12 is a Saturday
  });

  it('default to the first business day after today and refuse a date not on offer', () => {
    expect(paymentDate(TODAY, undefined)).toEqual({ ok: true, payOn: '2026-11-23', max: '2026-12-07' });
    expect(paymentDate(TODAY, '2026-11-25')).toMatchObject({ ok: true, payOn: '2026-11-25' });
    expect(paymentDate(TODAY, '2026-11-21')).toEqual({ ok: false }); // a Saturday
    expect(paymentDate(TODAY, '2026-12-08')).toEqual({ ok: false }); // past the last date
    expect(paymentDate(TODAY, TODAY)).toEqual({ ok: false }); // Consciência Negra, a holiday
  });

  it('accept a business day that has become today (offered yesterday as tomorrow), never a day gone by', () => {
    // Tuesday 24/11: offered on Monday 23/11 as the first date, reviewed before midnight
    expect(paymentDate('2026-11-24', undefined)).toMatchObject({ ok: true, payOn: '2026-11-25' });
    expect(paymentDate('2026-11-24', '2026-11-24')).toMatchObject({ ok: true, payOn: '2026-11-24' });
    expect(paymentDate('2026-11-24', '2026-11-23')).toEqual({ ok: false });
  });
});

describe('consultaDivida', () => {
  const maria = PERSONAS.find((p) => p.key === 'maria');
  const contract = maria?.contracts[0];
  if (!contract) throw new Error('Maria has no contract');

  it('lists every open instalment with its due date, its updated value and whether it is upcoming', () => {
    const debts = debtsOnWire(contract, TODAY, '2026-11-24', '2026-12-07');
    expect(debts).toHaveLength(contract.instalments.length);
    for (const [i, debt] of debts.entries()) {
      const seed = contract.instalments[i];
      if (!seed) throw new Error('missing seed instalment');
      expect(debt.id).toBe(`${contract.numero}-${seed.numero}`);
      expect(debt.parcelaFutura).toBe(seed.dueInDays > 0);
      expect(parseMoney(debt.valorprincipal)).toBe(seed.valueCents);
      const due = parseBrDate(debt.datvenci) ?? '';
      expect(parseMoney(debt.valorpago)).toBe(updatedValueCents(seed.valueCents, due, '2026-11-24'));
      expect(debt.validade).toBe('24/11/2026');
      expect(debt.dataMaxVencimento).toBe('07/12/2026');
    }
    expect(debts.some((d) => parseMoney(d.valorpago) > parseMoney(d.valorprincipal))).toBe(true);
  });

  it('answers nothing for a contract that does not allow individual instalments', () => {
    expect(debtsOnWire({ ...contract, permitedivida: false }, TODAY, '2026-11-24', '2026-12-07')).toEqual([]);
  });
});
