/**
 * Boleto bancário ("cobrança") numbers in the FEBRABAN / Banco Central layout: the 44-digit barcode, the
 * 47-digit linha digitável and the due-date factor.
 *
 * Barcode:  BBB M D FFFF VVVVVVVVVV LLLLLLLLLLLLLLLLLLLLLLLLL
 *           bank, currency (9 = real), general check digit, due factor, amount in cents, free field (25).
 * Line:     BBBML.LLLLX LLLLL.LLLLLY LLLLL.LLLLLZ D FFFFVVVVVVVVVV
 *           three fields carrying bank/currency and the free field, each with a mod-10 digit (X, Y, Z).
 */
import { createHash } from 'node:crypto';
import { dueDateFactor, generalCheckDigit, mod10 } from '@portal/validation/boleto';
import { isValidIsoDate, todayInBrazil } from '@portal/validation/dates';

interface BarcodeInput {
  /** 3-digit bank code (compe) */
  bankCode: string;
  /** '9' is the real; the only currency code in use */
  currency?: string;
  /** ISO date, or an instant read as a calendar date in Brasília */
  dueDate: string | Date;
  amountCents: number;
  /** 25 digits laid out by the bank */
  freeField: string;
}

const MAX_AMOUNT_CENTS = 9_999_999_999;

const digitsOf = (text: string, length: number): boolean => new RegExp(`^[0-9]{${length}}$`).test(text);

function isoDate(date: string | Date): string {
  if (typeof date !== 'string') return todayInBrazil(date);
  if (!isValidIsoDate(date)) throw new RangeError(`not an ISO date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  return date;
}

export function boletoBarcode(input: BarcodeInput): string {
  const { bankCode, currency = '9', amountCents, freeField } = input;
  if (!digitsOf(bankCode, 3))
    throw new RangeError(`bankCode must be 3 digits, got ${JSON.stringify(bankCode)}`);
  if (!digitsOf(currency, 1))
    throw new RangeError(`currency must be 1 digit, got ${JSON.stringify(currency)}`);
  if (!digitsOf(freeField, 25)) throw new RangeError('freeField must be 25 digits');
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > MAX_AMOUNT_CENTS) {
    throw new RangeError(`amountCents must be an integer from 0 to ${MAX_AMOUNT_CENTS}, got ${amountCents}`);
  }
  const factor = String(dueDateFactor(isoDate(input.dueDate))).padStart(4, '0');
  const amount = String(amountCents).padStart(10, '0');
  const withoutDigit = `${bankCode}${currency}${factor}${amount}${freeField}`;
  const digit = generalCheckDigit(withoutDigit);
  return `${withoutDigit.slice(0, 4)}${digit}${withoutDigit.slice(4)}`;
}

export function isValidBarcode(barcode: string): boolean {
  return (
    digitsOf(barcode, 44) && generalCheckDigit(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4])
  );
}

export function linhaDigitavel(barcode: string): string {
  if (!isValidBarcode(barcode))
    throw new RangeError(`not a valid boleto barcode: ${JSON.stringify(barcode)}`);
  const field1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const field2 = barcode.slice(24, 34);
  const field3 = barcode.slice(34, 44);
  return [
    field1,
    mod10(field1),
    field2,
    mod10(field2),
    field3,
    mod10(field3),
    barcode[4],
    barcode.slice(5, 19),
  ].join('');
}

/** '00190000090123456789123456789012399990000012345' → '00190.00009 01234.567891 23456.789012 3 99990000012345'. */
export function formatLinhaDigitavel(line: string): string {
  if (!digitsOf(line, 47)) throw new RangeError('a linha digitável has 47 digits');
  const s = (from: number, to: number) => line.slice(from, to);
  return `${s(0, 5)}.${s(5, 10)} ${s(10, 15)}.${s(15, 21)} ${s(21, 26)}.${s(26, 32)} ${s(32, 33)} ${s(33, 47)}`;
}

/** The barcode behind a linha digitável (printed or bare); throws when any of its four digits is wrong. */
export function barcodeFromLinha(line: string): string {
  const digits = line.replace(/[.\s]/g, '');
  if (!digitsOf(digits, 47)) throw new RangeError('a linha digitável has 47 digits');
  const fields = [digits.slice(0, 10), digits.slice(10, 21), digits.slice(21, 32)];
  for (const [index, field] of fields.entries()) {
    if (mod10(field.slice(0, -1)) !== Number(field.slice(-1))) {
      throw new RangeError(`field ${index + 1} of the linha digitável has a wrong check digit`);
    }
  }
  const barcode =
    digits.slice(0, 4) +
    digits.slice(32, 47) +
    digits.slice(4, 9) +
    digits.slice(10, 20) +
    digits.slice(21, 31);
  if (!isValidBarcode(barcode)) throw new RangeError('the linha digitável has a wrong general check digit');
  return barcode;
}

interface FreeFieldInput {
  /** 7-digit convênio of the beneficiary at the (fictional) bank */
  convenio: string;
  /** the agreement this boleto belongs to; digits up to 13 are kept as they are, anything else is hashed */
  agreementId: string;
  /** instalment number, 1..999 */
  parcela: number;
  /** 2-digit carteira; '17' is "cobrança simples" */
  carteira?: string;
}

interface FreeField {
  /** 25 digits: convênio (7) + nosso número (16) + carteira (2) */
  freeField: string;
  /** 16 digits: agreement (13) + parcela (3), unique per instalment */
  nossoNumero: string;
}

const AGREEMENT_DIGITS = 13;

function agreementDigits(agreementId: string): string {
  if (/^[0-9]{1,13}$/.test(agreementId)) return agreementId.padStart(AGREEMENT_DIGITS, '0');
  // Deterministic so that a re-issue (emitirBoleto) yields the same nosso número as the first issue.
  const hash = BigInt(`0x${createHash('sha256').update(agreementId).digest('hex')}`);
  return String(hash % 10n ** BigInt(AGREEMENT_DIGITS)).padStart(AGREEMENT_DIGITS, '0');
}

/** The simulator's fictional bank layout for the 25-digit free field. */
export function boletoFreeField({
  convenio,
  agreementId,
  parcela,
  carteira = '17',
}: FreeFieldInput): FreeField {
  if (!digitsOf(convenio, 7)) throw new RangeError('convenio must be 7 digits');
  if (!digitsOf(carteira, 2)) throw new RangeError('carteira must be 2 digits');
  if (agreementId === '') throw new RangeError('agreementId must not be empty');
  if (!Number.isInteger(parcela) || parcela < 1 || parcela > 999) {
    throw new RangeError(`parcela must be an integer from 1 to 999, got ${parcela}`);
  }
  const nossoNumero = agreementDigits(agreementId) + String(parcela).padStart(3, '0');
  return { freeField: convenio + nossoNumero + carteira, nossoNumero };
}
