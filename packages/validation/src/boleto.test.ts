import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boletoDigits, dateOfFactor, dueDateFactor, findBoletoLines, readBoleto } from './boleto';
import { addDays, daysBetween } from './dates';

const TODAY = '2026-11-24';

// Lines checked with @mrmgomes/boleto-utils (validarBoleto: 'Boleto válido'), which also gave the dates.
const BB_LINE = '00191234546789012345767890123457199990000123456';
const CAIXA_LINE = '10491234566789012345767890123457797140000000005';
const BRADESCO_BARCODE = '23791100000000000001234567890123456789012345';

describe('dateOfFactor', () => {
  it('picks, of the dates a factor stands for, the one nearest today', () => {
    expect(dateOfFactor(1000, TODAY)).toBe('2025-02-22');
    expect(dateOfFactor(1000, '2001-01-01')).toBe('2000-07-03');
    expect(dateOfFactor(9999, TODAY)).toBe('2025-02-21');
    expect(dateOfFactor(9714, TODAY)).toBe('2024-05-12');
    expect(dateOfFactor(9714, '2048-12-01')).toBe('2049-01-01');
  });

  it('stands for no date at 0000 and below 1000', () => {
    expect(dateOfFactor(0, TODAY)).toBeNull();
    expect(dateOfFactor(999, TODAY)).toBeNull();
  });

  it('gives back the date a factor was written for, within 12 years of today', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -4_400, max: 4_400 }),
        fc.integer({ min: 0, max: 20_000 }),
        (offset, at) => {
          const today = addDays('2001-01-01', at);
          const due = addDays(today, offset);
          fc.pre(daysBetween('2000-07-03', due) >= 0);
          expect(dateOfFactor(dueDateFactor(due), today)).toBe(due);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('readBoleto', () => {
  it('reads a linha digitável field by field', () => {
    expect(readBoleto(BB_LINE, TODAY)).toEqual({
      format: 'linha',
      barcode: '00191999900001234561234567890123456789012345',
      bankCode: '001',
      currency: '9',
      factor: 9999,
      dueDate: '2025-02-21',
      amountCents: 123_456,
      freeField: '1234567890123456789012345',
      checks: [
        { check: 'campo1', ok: true },
        { check: 'campo2', ok: true },
        { check: 'campo3', ok: true },
        { check: 'geral', ok: true },
      ],
    });
    expect(readBoleto(CAIXA_LINE, TODAY)).toMatchObject({
      bankCode: '104',
      dueDate: '2024-05-12',
      amountCents: 5,
    });
  });

  it('reads a printed line (dots and spaces) and a barcode number', () => {
    expect(readBoleto('00191.23454 67890.123457 67890.123457 1 99990000123456', TODAY)?.barcode).toBe(
      '00191999900001234561234567890123456789012345',
    );
    expect(readBoleto(BRADESCO_BARCODE, TODAY)).toMatchObject({
      format: 'barras',
      bankCode: '237',
      factor: 1000,
      dueDate: '2025-02-22',
      amountCents: 0,
      checks: [{ check: 'geral', ok: true }],
    });
  });

  it('names the check digit that a changed digit breaks', () => {
    const checksOf = (line: string) =>
      readBoleto(line, TODAY)
        ?.checks.filter(({ ok }) => !ok)
        .map(({ check }) => check);
    const change = (line: string, at: number) =>
      line.slice(0, at) + String((Number(line[at]) + 1) % 10) + line.slice(at + 1);
    // a digit of field 2 changes field 2's digit and the barcode behind it
    expect(checksOf(change(BB_LINE, 12))).toEqual(['campo2', 'geral']);
    // field 1's own check digit: the barcode does not carry it
    expect(checksOf(change(BB_LINE, 9))).toEqual(['campo1']);
    // the amount is only under the general digit
    expect(checksOf(change(BB_LINE, 45))).toEqual(['geral']);
  });

  it('is not a bank boleto: wrong length, letters, or a utility bill (first digit 8)', () => {
    expect(readBoleto(BB_LINE.slice(1), TODAY)).toBeNull();
    expect(readBoleto(`${BB_LINE}0`, TODAY)).toBeNull();
    expect(readBoleto(`A${BB_LINE.slice(1)}`, TODAY)).toBeNull();
    expect(readBoleto(`8${BB_LINE.slice(1)}`, TODAY)).toBeNull();
    expect(boletoDigits('')).toBeNull();
  });
});

describe('findBoletoLines', () => {
  it('finds printed and bare lines in a text, once each, and no utility bill', () => {
    const text = `Linha digitável\n00191.23454 67890.123457 67890.123457 1 99990000123456\nBanco 001-9 ${BB_LINE}\n8${BB_LINE.slice(1)}`;
    expect(findBoletoLines(text)).toEqual([BB_LINE]);
    expect(findBoletoLines('nenhum boleto aqui 123')).toEqual([]);
  });
});
