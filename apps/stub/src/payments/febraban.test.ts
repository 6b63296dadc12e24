import boletoUtils from '@mrmgomes/boleto-utils';
import { dueDateFactor, generalCheckDigit, mod10, readBoleto } from '@portal/validation/boleto';
import { addDays, daysBetween } from '@portal/validation/dates';
import { boletoBancarioCodigoBarras, boletoBancarioLinhaDigitavel } from 'boleto-brasileiro-validator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  barcodeFromLinha,
  boletoBarcode,
  boletoFreeField,
  formatLinhaDigitavel,
  isValidBarcode,
  linhaDigitavel,
} from './febraban';

const RUNS = 500;
const ZEROS_25 = '0'.repeat(25);

const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

describe('dueDateFactor', () => {
  it('counts days from 07/10/1997 before the reset (03/07/2000 is the well-known factor 1000)', () => {
    expect(dueDateFactor('1997-10-08')).toBe(1);
    expect(dueDateFactor('2000-07-03')).toBe(1000);
  });

  it('reaches 9999 on 21/02/2025 and restarts at 1000 on 22/02/2025', () => {
    expect(dueDateFactor('2025-02-21')).toBe(9999);
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    expect(dueDateFactor('2025-02-23')).toBe(1001);
  });

  it('counts on in the new cycle: 15/03/2026 is 1386', () => {
    // 22/02/2025 = 1000; +365 days (no 29/02 in between) → 22/02/2026 = 1365;
    // +6 days to 28/02, +1 to 01/03, +14 to 15/03 = +21 → 1386.
    expect(dueDateFactor('2026-03-15')).toBe(1386);
  });

  it('wraps again after 9000 days of the new cycle', () => {
    expect(dueDateFactor(addDays('2025-02-22', 8999))).toBe(9999);
    expect(dueDateFactor(addDays('2025-02-22', 9000))).toBe(1000);
  });

  it('reads a Date due as the calendar day in Brasília', () => {
    const factorOf = (dueDate: Date) =>
      boletoBarcode({ bankCode: '001', dueDate, amountCents: 100, freeField: ZEROS_25 }).slice(5, 9);
    // 02:30 UTC on 22/02/2025 is still 23:30 on 21/02 in Brasília (UTC-3).
    expect(factorOf(new Date('2025-02-22T02:30:00Z'))).toBe('9999');
    expect(factorOf(new Date('2025-02-22T03:00:00Z'))).toBe('1000');
  });

  it('refuses dates that have no factor and text that is not a date', () => {
    expect(() => dueDateFactor('1997-10-07')).toThrow(RangeError);
    expect(() => dueDateFactor('2025-02-30')).toThrow(RangeError);
    expect(() => dueDateFactor('22/02/2025')).toThrow(RangeError);
  });
});

describe('check digits', () => {
  it('computes the mod-10 field digit', () => {
    // 001900000 from the right, weights 2,1,…: 0·2 0·1 0·2 0·1 0·2 9·1=9 1·2=2 0·1 0·2 → 11 → 10 − 1 = 9.
    expect(mod10('001900000')).toBe(9);
    // 0123456789: 9·2=18→1+8=9, 8, 7·2=14→5, 6, 5·2=10→1, 4, 3·2=6, 2, 1·2=2, 0 → 43 → 7.
    expect(mod10('0123456789')).toBe(7);
    expect(mod10('0000000000')).toBe(0);
  });

  // 43 digits 0019 1000 0000000100 + 25 zeros, weights 2..9 from the right: the amount's 1 sits 28th from
  // the right (weight 5), the factor's 1 39th (weight 8), the 9 40th (weight 9), the 1 41st (weight 2):
  // 5 + 8 + 81 + 2 = 96; 96 mod 11 = 8; 11 − 8 = 3.
  it('computes the mod-11 general digit', () => {
    expect(generalCheckDigit(`00191000${'0000000100'}${ZEROS_25}`)).toBe(3);
  });

  it('turns results 10 and 11 into 1', () => {
    // Amount 400: 4·5 = 20 → sum 111, remainder 1, 11 − 1 = 10 → 1.
    expect(generalCheckDigit(`00191000${'0000000400'}${ZEROS_25}`)).toBe(1);
    // Amount 20: the 2 sits 27th from the right (weight 4): 8 + 91 = 99, remainder 0, 11 − 0 = 11 → 1.
    expect(generalCheckDigit(`00191000${'0000000020'}${ZEROS_25}`)).toBe(1);
  });
});

describe('boletoBarcode and linhaDigitavel', () => {
  it('builds the hand-worked Banco 001 vector', () => {
    const barcode = boletoBarcode({
      bankCode: '001',
      dueDate: '2000-07-03',
      amountCents: 100,
      freeField: ZEROS_25,
    });
    expect(barcode).toBe(`0019310000000000100${ZEROS_25}`);
    // Field 1 = 0019 + 00000 + digit 9 (above); fields 2 and 3 are zeros with digit 0; then 3 and 1000 0000000100.
    expect(formatLinhaDigitavel(linhaDigitavel(barcode))).toBe(
      '00190.00009 00000.000000 00000.000000 3 10000000000100',
    );
  });

  it('matches a published Bradesco line (boleto-brasileiro-validator README)', () => {
    const line = '23793.38128 60007.827136 95000.063305 9 75520000370000';
    // 237 + 9 + digit 9 + factor 7552 (11/06/2018) + R$ 3.700,00 + the free field spread over fields 1–3.
    const barcode = '23799755200003700003381260007827139500006330';
    expect(barcodeFromLinha(line)).toBe(barcode);
    expect(formatLinhaDigitavel(linhaDigitavel(barcode))).toBe(line);
    expect(
      boletoBarcode({
        bankCode: '237',
        dueDate: '2018-06-11',
        amountCents: 370000,
        freeField: barcode.slice(19),
      }),
    ).toBe(barcode);
  });

  it('prints the line with dots and spaces as banks do', () => {
    expect(formatLinhaDigitavel('00190000090123456789123456789012399990000012345')).toBe(
      '00190.00009 01234.567891 23456.789012 3 99990000012345',
    );
  });

  it('refuses bad input', () => {
    const valid = { bankCode: '001', dueDate: '2026-03-15', amountCents: 100, freeField: ZEROS_25 };
    expect(() => boletoBarcode({ ...valid, bankCode: '01' })).toThrow(RangeError);
    expect(() => boletoBarcode({ ...valid, currency: 'R' })).toThrow(RangeError);
    expect(() => boletoBarcode({ ...valid, freeField: '0'.repeat(24) })).toThrow(RangeError);
    expect(() => boletoBarcode({ ...valid, amountCents: -1 })).toThrow(RangeError);
    expect(() => boletoBarcode({ ...valid, amountCents: 1.5 })).toThrow(RangeError);
    expect(() => boletoBarcode({ ...valid, amountCents: 10_000_000_000 })).toThrow(RangeError);
    expect(() => linhaDigitavel(`0019010000000000100${ZEROS_25}`)).toThrow(RangeError);
    expect(() => formatLinhaDigitavel('0019')).toThrow(RangeError);
  });

  it('refuses a line with a wrong field digit or a wrong general digit', () => {
    const line = '00190000090000000000000000000000310000000000100';
    expect(() => barcodeFromLinha(line.slice(0, 46))).toThrow(RangeError);
    expect(() => barcodeFromLinha(`00190000080${line.slice(11)}`)).toThrow(/field 1/);
    expect(() => barcodeFromLinha(`${line.slice(0, 32)}4${line.slice(33)}`)).toThrow(/general/);
  });
});

describe('boletoFreeField', () => {
  it('lays out convênio, nosso número (agreement + parcela) and carteira', () => {
    expect(boletoFreeField({ convenio: '1234567', agreementId: '2025004417', parcela: 4 })).toEqual({
      freeField: '1234567000202500441700417',
      nossoNumero: '0002025004417004',
    });
  });

  it('hashes other agreement ids to the same width, deterministically', () => {
    const first = boletoFreeField({
      convenio: '1234567',
      agreementId: 'AC-2025/00441',
      parcela: 1,
      carteira: '18',
    });
    expect(first.freeField).toMatch(/^1234567[0-9]{13}00118$/);
    expect(
      boletoFreeField({ convenio: '1234567', agreementId: 'AC-2025/00441', parcela: 1, carteira: '18' }),
    ).toEqual(first);
    expect(
      boletoFreeField({ convenio: '1234567', agreementId: 'AC-2025/00441', parcela: 2 }).nossoNumero,
    ).not.toBe(first.nossoNumero);
  });

  it('refuses bad input', () => {
    const valid = { convenio: '1234567', agreementId: '1', parcela: 1 };
    expect(() => boletoFreeField({ ...valid, convenio: '123' })).toThrow(RangeError);
    expect(() => boletoFreeField({ ...valid, agreementId: '' })).toThrow(RangeError);
    expect(() => boletoFreeField({ ...valid, parcela: 0 })).toThrow(RangeError);
    expect(() => boletoFreeField({ ...valid, parcela: 1000 })).toThrow(RangeError);
    expect(() => boletoFreeField({ ...valid, carteira: '1' })).toThrow(RangeError);
  });
});

// boleto-utils reads a leading 8 as an arrecadação (utility) slip, so bank codes here start with 0–7.
const bankCodes = fc.tuple(fc.constantFrom(...'01234567'), digits(2)).map(([first, rest]) => first + rest);
const boletos = fc.record({
  bankCode: bankCodes,
  // Every day from 08/10/1997 to the end of the current cycle (factor 9999 again in 2049).
  dueDate: fc.integer({ min: 1, max: 18_999 }).map((days) => addDays('1997-10-07', days)),
  amountCents: fc.integer({ min: 0, max: 9_999_999_999 }),
  freeField: digits(25),
});

describe('generated boletos', () => {
  it('round-trip between barcode, line and printed line', () => {
    fc.assert(
      fc.property(boletos, (input) => {
        const barcode = boletoBarcode(input);
        const line = linhaDigitavel(barcode);
        expect(barcode).toMatch(/^[0-9]{44}$/);
        expect(line).toMatch(/^[0-9]{47}$/);
        expect(isValidBarcode(barcode)).toBe(true);
        expect(barcodeFromLinha(line)).toBe(barcode);
        expect(barcodeFromLinha(formatLinhaDigitavel(line))).toBe(barcode);
      }),
      { numRuns: RUNS },
    );
  });

  it('pass boleto-brasileiro-validator, whose mod-11 follows the 0/10/11 → 1 rule', () => {
    fc.assert(
      fc.property(boletos, (input) => {
        const barcode = boletoBarcode(input);
        const line = linhaDigitavel(barcode);
        expect(boletoBancarioCodigoBarras(barcode)).toBe(true);
        const otherDigit = String((Number(barcode[4]) + 1) % 10);
        expect(boletoBancarioCodigoBarras(barcode.slice(0, 4) + otherDigit + barcode.slice(5))).toBe(false);
        expect(boletoBancarioLinhaDigitavel(line, true)).toBe(true);
        expect(boletoBancarioLinhaDigitavel(formatLinhaDigitavel(line), true)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  // boleto-utils' own mod 11 turns remainders 0 and 1 into 0 (the arrecadação rule), so its validarBoleto
  // refuses about 2 in 11 correct bank barcodes, and its identificarValor drops digits of amounts such as
  // R$ 10.000.000,00; only its conversions and its reading of the new factor are used.
  it('agree with boleto-utils on the line and the post-2025 due date', () => {
    fc.assert(
      fc.property(boletos, (input) => {
        const barcode = boletoBarcode(input);
        const line = linhaDigitavel(barcode);
        expect(boletoUtils.codBarras2LinhaDigitavel(barcode, false)).toBe(line);
        expect(boletoUtils.codBarras2LinhaDigitavel(barcode, true)).toBe(formatLinhaDigitavel(line));
        expect(boletoUtils.linhaDigitavel2CodBarras(line)).toBe(barcode);
        if (input.dueDate >= '2025-02-22') {
          const due = boletoUtils.identificarDataComNovoFator2025(barcode, 'CODIGO_DE_BARRAS');
          expect(due.toISOString().slice(0, 10)).toBe(input.dueDate);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('catch any single wrong digit in the first three fields', () => {
    fc.assert(
      fc.property(
        boletos,
        fc.integer({ min: 0, max: 31 }),
        fc.integer({ min: 1, max: 9 }),
        (input, at, shift) => {
          const line = linhaDigitavel(boletoBarcode(input));
          const wrong = String((Number(line[at]) + shift) % 10);
          expect(() => barcodeFromLinha(line.slice(0, at) + wrong + line.slice(at + 1))).toThrow(RangeError);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('readBoleto (@portal/validation) on generated boletos', () => {
  const TODAY = '2026-11-24';
  const dueDates = fc.integer({ min: 0, max: 9_000 }).map((days) => addDays('2020-01-01', days));

  it('reads the barcode, amount and one of the two due dates boleto-utils reads, with every check right', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('001', '033', '104', '237', '341', '748'),
        dueDates,
        // boleto-utils reads amounts from R$ 10 million up as a credit-card bill's (0): kept below
        fc.integer({ min: 0, max: 99_999_999 }),
        digits(25),
        fc.boolean(),
        (bankCode, dueDate, amountCents, freeField, asLine) => {
          const barcode = boletoBarcode({ bankCode, dueDate, amountCents, freeField });
          const code = asLine ? linhaDigitavel(barcode) : barcode;
          const kind = asLine ? 'LINHA_DIGITAVEL' : 'CODIGO_DE_BARRAS';
          const reading = readBoleto(code, TODAY);
          expect(reading).toMatchObject({ bankCode, freeField, format: asLine ? 'linha' : 'barras' });
          expect(reading?.barcode).toBe(asLine ? boletoUtils.linhaDigitavel2CodBarras(code) : code);
          expect((reading?.amountCents ?? 0) / 100).toBeCloseTo(
            Number(boletoUtils.identificarValor(code, kind)),
            2,
          );
          expect(reading?.checks.every(({ ok }) => ok)).toBe(true);
          const offered = [
            boletoUtils.identificarData(code, kind),
            boletoUtils.identificarDataComNovoFator2025(code, kind),
          ].map((d) => new Date(d).toISOString().slice(0, 10));
          expect(offered).toContain(reading?.dueDate);
          // of the dates the factor stands for, the nearest to today (the one it was written for, here)
          if (Math.abs(daysBetween(TODAY, dueDate)) < 4_500) expect(reading?.dueDate).toBe(dueDate);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('finds a check digit wrong whenever boleto-brasileiro-validator refuses a line with one digit changed', () => {
    fc.assert(
      fc.property(dueDates, digits(25), fc.nat(46), fc.nat(9), (dueDate, freeField, at, digit) => {
        const line = linhaDigitavel(
          boletoBarcode({ bankCode: '341', dueDate, amountCents: 21_000, freeField }),
        );
        fc.pre(line[at] !== String(digit));
        const tampered = line.slice(0, at) + digit + line.slice(at + 1);
        // null: no longer a bank boleto at all (a first digit 8 makes it a utility bill)
        const allRight = readBoleto(tampered, TODAY)?.checks.every(({ ok }) => ok) ?? false;
        expect(allRight).toBe(boletoBancarioLinhaDigitavel(tampered, true));
      }),
      { numRuns: RUNS },
    );
  });
});
