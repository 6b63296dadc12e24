import { applyMask, isRepeatedCharacter } from './mask';

export const DOCUMENT_INVALID_MESSAGE = 'CPF/CNPJ inválido';

export const CPF_MASK = '000.000.000-00';
export const CNPJ_MASK = 'SS.SSS.SSS/SSSS-00';

export type DocumentKind = 'CPF' | 'CNPJ';

const CPF_PATTERN = /^[0-9]{11}$/;
const CNPJ_PATTERN = /^[0-9A-Z]{12}[0-9]{2}$/;
const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CNPJ_SECOND_WEIGHTS = [6, ...CNPJ_FIRST_WEIGHTS] as const;

/**
 * Keeps ASCII letters and digits, upper-cased. Stripping happens before upper-casing so that characters
 * such as 'ß' or 'ı' cannot turn into ASCII letters.
 */
export function normalizeDocument(input: string): string {
  return input.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

/**
 * A document as an upstream that keeps it as a number sends it: without its leading zeros. Normalized,
 * then an all-digit value of 11 digits or fewer is read as a CPF and 12 or 13 digits as a numeric CNPJ,
 * each padded back to full length. Alphanumeric CNPJs, complete documents and anything longer are left
 * as normalized. Not for what a user is typing: the masks work on the characters typed so far.
 */
export function padDocument(input: string): string {
  const document = normalizeDocument(input);
  if (!/^[0-9]{1,13}$/.test(document)) return document;
  return document.padStart(document.length <= 11 ? 11 : 14, '0');
}

/** The RFB value of a CPF/CNPJ character: its ASCII code minus 48 ('0'..'9' → 0..9, 'A'..'Z' → 17..42). */
function charValue(chars: string, index: number): number {
  return chars.charCodeAt(index) - 48;
}

function mod11Digit(sum: number): number {
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** CPF check digit over `base` (9 or 10 digits): weights run from base.length + 1 down to 2. */
function cpfCheckDigit(base: string): number {
  let sum = 0;
  for (let i = 0; i < base.length; i += 1) {
    sum += charValue(base, i) * (base.length + 1 - i);
  }
  return mod11Digit(sum);
}

function cnpjCheckDigit(base: string, weights: readonly number[]): number {
  let sum = 0;
  weights.forEach((weight, i) => {
    sum += charValue(base, i) * weight;
  });
  return mod11Digit(sum);
}

export function isValidCpf(input: string): boolean {
  const cpf = normalizeDocument(input);
  if (!CPF_PATTERN.test(cpf) || isRepeatedCharacter(cpf)) return false;
  return (
    cpfCheckDigit(cpf.slice(0, 9)) === charValue(cpf, 9) &&
    cpfCheckDigit(cpf.slice(0, 10)) === charValue(cpf, 10)
  );
}

/**
 * Numeric and alphanumeric CNPJ (RFB Nota Técnica 49/2024). A base of 12 identical characters is refused
 * as well as 14 identical ones: 00.000.000/0000-00 is the classic placeholder, and bases such as AAAAAAAAAAAA
 * pass the checksum but are never issued.
 */
export function isValidCnpj(input: string): boolean {
  const cnpj = normalizeDocument(input);
  if (!CNPJ_PATTERN.test(cnpj) || isRepeatedCharacter(cnpj.slice(0, 12))) return false;
  return (
    cnpjCheckDigit(cnpj, CNPJ_FIRST_WEIGHTS) === charValue(cnpj, 12) &&
    cnpjCheckDigit(cnpj, CNPJ_SECOND_WEIGHTS) === charValue(cnpj, 13)
  );
}

export function isValidDocument(input: string): boolean {
  return documentKind(input) !== null;
}

/** 'CPF' or 'CNPJ' for a valid document of that kind, null for anything else (including invalid ones). */
export function documentKind(input: string): DocumentKind | null {
  const length = normalizeDocument(input).length;
  if (length === 11) return isValidCpf(input) ? 'CPF' : null;
  if (length === 14) return isValidCnpj(input) ? 'CNPJ' : null;
  return null;
}

/** Labels only: anything of 12+ characters is treated as a company, valid or not. */
export function isCompanyDocument(input: string): boolean {
  return normalizeDocument(input).length >= 12;
}

/** CPF mask up to 11 characters, CNPJ mask beyond; partial input is masked as far as it goes. */
export function formatDocument(input: string): string {
  const document = normalizeDocument(input);
  return applyMask(document, document.length <= 11 ? CPF_MASK : CNPJ_MASK);
}

/**
 * A document shown where it need not be read in full (a declaration anyone may be shown): a CPF keeps its
 * middle six digits, ***.982.247-**, as public bodies publish it; a CNPJ hides its first two and last two
 * characters, **.222.333/0001-**.
 */
export function hideDocument(input: string): string {
  const formatted = formatDocument(input);
  const hidden = normalizeDocument(input).length <= 11 ? [0, 1, 2, 12, 13] : [0, 1, 16, 17];
  return [...formatted].map((c, i) => (hidden.includes(i) ? '*' : c)).join('');
}
