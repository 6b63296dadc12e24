/**
 * Boleto bancário ("cobrança") numbers in the FEBRABAN / Banco Central layout, read field by field.
 *
 * Barcode:  BBB M D FFFF VVVVVVVVVV LLLLLLLLLLLLLLLLLLLLLLLLL
 *           bank, currency (9 = real), general check digit, due factor, amount in cents, free field (25).
 * Line:     BBBML.LLLLX LLLLL.LLLLLY LLLLL.LLLLLZ D FFFFVVVVVVVVVV
 *           three fields carrying bank/currency and the free field, each with a mod-10 digit (X, Y, Z).
 */
import { addDays, daysBetween } from './dates';

const FACTOR_BASE_DATE = '1997-10-07';
// The 4-digit factor reached 9999 on 2025-02-21; from 2025-02-22 it restarts at 1000 and each new cycle
// runs 1000..9999 (9000 days), so 9999 days after the base date the count wraps instead of growing a digit.
const FACTOR_RESTART = 1000;
const FACTOR_LAST = 9999;
const FACTOR_CYCLE = FACTOR_LAST - FACTOR_RESTART + 1;

/** The 4-digit due-date factor of an ISO date, with the February 2025 restart (see FACTOR_RESTART). */
export function dueDateFactor(dueDate: string): number {
  const days = daysBetween(FACTOR_BASE_DATE, dueDate);
  // Factor 0000 means "no due date"; dates on or before the base cannot be written.
  if (days < 1) throw new RangeError(`due date before ${FACTOR_BASE_DATE} has no factor`);
  if (days <= FACTOR_LAST) return days;
  return FACTOR_RESTART + ((days - FACTOR_LAST - 1) % FACTOR_CYCLE);
}

/**
 * The due date a factor stands for: of the dates that carry it (one per cycle), the one nearest `today`.
 * Null for factor 0 (no due date) and for factors below 1000, which no boleto carries today.
 */
export function dateOfFactor(factor: number, today: string): string | null {
  if (!Number.isInteger(factor) || factor < FACTOR_RESTART || factor > FACTOR_LAST) return null;
  const first = addDays(FACTOR_BASE_DATE, factor);
  const restarted = addDays(FACTOR_BASE_DATE, FACTOR_LAST + 1 + factor - FACTOR_RESTART);
  const cycles = Math.max(0, Math.floor(daysBetween(restarted, today) / FACTOR_CYCLE));
  const candidates = [first, ...[cycles, cycles + 1].map((k) => addDays(restarted, k * FACTOR_CYCLE))];
  const distance = (date: string) => Math.abs(daysBetween(today, date));
  return candidates.reduce((best, date) => (distance(date) < distance(best) ? date : best));
}

/** Mod 10 with weights 2,1,2,1… from the right, adding the digits of each product. */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i -= 1, weight = 3 - weight) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** The barcode's general digit: mod 11, weights 2..9 from the right; results 0, 10 and 11 become 1. */
export function generalCheckDigit(barcodeWithoutDigit: string): number {
  let sum = 0;
  for (
    let i = barcodeWithoutDigit.length - 1, weight = 2;
    i >= 0;
    i -= 1, weight = weight === 9 ? 2 : weight + 1
  ) {
    sum += Number(barcodeWithoutDigit[i]) * weight;
  }
  const digit = 11 - (sum % 11);
  return digit === 0 || digit >= 10 ? 1 : digit;
}

/** A check digit of the code: the three fields of a linha digitável, and the general one. */
export type BoletoCheck = 'campo1' | 'campo2' | 'campo3' | 'geral';

export interface BoletoReading {
  /** what was pasted: a 47-digit linha digitável or a 44-digit barcode number */
  format: 'linha' | 'barras';
  /** the 44-digit barcode, rebuilt from the line when a line was given */
  barcode: string;
  /** 3-digit bank code (compe) */
  bankCode: string;
  /** '9' is the real */
  currency: string;
  /** 0: no due date */
  factor: number;
  /** ISO date the factor stands for (dateOfFactor), null when it stands for none */
  dueDate: string | null;
  /** 0: the payer types the amount */
  amountCents: number;
  /** 25 digits laid out by the bank */
  freeField: string;
  /** every check digit of the code, right or wrong */
  checks: { check: BoletoCheck; ok: boolean }[];
}

/** A bank boleto's digits, without the dots, spaces and dashes people paste with them; null when not one. */
export function boletoDigits(text: string): string | null {
  const digits = text.replace(/[\s.\-_]/g, '');
  if (!/^[0-9]+$/.test(digits) || (digits.length !== 47 && digits.length !== 44)) return null;
  // A first digit 8 is a utility or tax collection (arrecadação, 48 digits): not a bank boleto.
  return digits.startsWith('8') ? null : digits;
}

/** Reads a linha digitável or a barcode number field by field; null when the text is neither. */
export function readBoleto(text: string, today: string): BoletoReading | null {
  const digits = boletoDigits(text);
  if (!digits) return null;
  const checks: BoletoReading['checks'] = [];
  let barcode = digits;
  if (digits.length === 47) {
    const fields = [digits.slice(0, 10), digits.slice(10, 21), digits.slice(21, 32)];
    fields.forEach((field, index) => {
      checks.push({
        check: `campo${index + 1}` as BoletoCheck,
        ok: mod10(field.slice(0, -1)) === Number(field.slice(-1)),
      });
    });
    barcode =
      digits.slice(0, 4) +
      digits.slice(32, 47) +
      digits.slice(4, 9) +
      digits.slice(10, 20) +
      digits.slice(21, 31);
  }
  checks.push({
    check: 'geral',
    ok: generalCheckDigit(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4]),
  });
  const factor = Number(barcode.slice(5, 9));
  return {
    format: digits.length === 47 ? 'linha' : 'barras',
    barcode,
    bankCode: barcode.slice(0, 3),
    currency: barcode[3] ?? '',
    factor,
    dueDate: dateOfFactor(factor, today),
    amountCents: Number(barcode.slice(9, 19)),
    freeField: barcode.slice(19, 44),
    checks,
  };
}

/** The linhas digitáveis of bank boletos in a text, as printed (dots and spaces) or bare. */
export function findBoletoLines(text: string): string[] {
  const printed = /\b\d{5}\.?\d{5}[ \t]*\d{5}\.?\d{6}[ \t]*\d{5}\.?\d{6}[ \t]*\d[ \t]*\d{14}\b/g;
  return [...new Set([...text.matchAll(printed)].map(([line]) => line.replace(/\D/g, '')))].filter(
    (line) => boletoDigits(line) !== null,
  );
}
