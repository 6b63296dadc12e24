/**
 * Test-only generators. The check digits are computed here with a formulation different from
 * document.ts (CPF: ×10 mod 11 mod 10; CNPJ: weights cycling 2..9 from the right) so the property tests
 * do not just replay the code under test.
 */
import fc from 'fast-check';

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function value(char: string): number {
  return char.charCodeAt(0) - 48;
}

function cpfCheckDigitsFor(base9: string): string {
  const digit = (base: string): number => {
    const sum = [...base].reduce((acc, char, i) => acc + value(char) * (base.length + 1 - i), 0);
    return ((sum * 10) % 11) % 10;
  };
  const first = digit(base9);
  return `${first}${digit(base9 + first)}`;
}

function cnpjCheckDigitsFor(base12: string): string {
  const digit = (base: string): number => {
    const sum = [...base].reverse().reduce((acc, char, i) => acc + value(char) * (2 + (i % 8)), 0);
    const result = 11 - (sum % 11);
    return result >= 10 ? 0 : result;
  };
  const first = digit(base12);
  return `${first}${digit(base12 + first)}`;
}

export function completeCpf(base9: string): string {
  return base9 + cpfCheckDigitsFor(base9);
}

export function completeCnpj(base12: string): string {
  return base12 + cnpjCheckDigitsFor(base12);
}

/** Replaces the check digit at `index` (9/10 for a CPF, 12/13 for a CNPJ) with a different digit. */
export function withWrongDigitAt(document: string, index: number, shift: number): string {
  const wrong = (value(document.charAt(index)) + 1 + (shift % 9)) % 10;
  return document.slice(0, index) + String(wrong) + document.slice(index + 1);
}

function isRepeated(value: string): boolean {
  return new Set(value).size === 1;
}

const charsOf = (alphabet: string, length: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });

const cpfBase = charsOf(DIGITS, 9).filter((base) => !isRepeated(base));
export const numericCnpjBase = charsOf(DIGITS, 12).filter((base) => !isRepeated(base));
/** At least one letter, so every generated value is a genuinely alphanumeric CNPJ. */
export const alphanumericCnpjBase = charsOf(DIGITS + LETTERS, 12).filter(
  (base) => /[A-Z]/.test(base) && !isRepeated(base),
);

export const validCpf = cpfBase.map(completeCpf);
export const validNumericCnpj = numericCnpjBase.map(completeCnpj);
export const validAlphanumericCnpj = alphanumericCnpjBase.map(completeCnpj);

/** Masks a normalized CPF (11) or CNPJ (14) the canonical way, independently of formatDocument. */
export function canonicalMask(document: string): string {
  if (document.length === 11) {
    return `${document.slice(0, 3)}.${document.slice(3, 6)}.${document.slice(6, 9)}-${document.slice(9)}`;
  }
  return `${document.slice(0, 2)}.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-${document.slice(12)}`;
}

interface Presentation {
  masked: boolean;
  lowerCase: boolean;
  before: string;
  after: string;
}

/** Ways a user or upstream may present a document: with or without the mask, lower case, padded. */
export const presentation: fc.Arbitrary<Presentation> = fc.record({
  masked: fc.boolean(),
  lowerCase: fc.boolean(),
  before: fc.constantFrom('', ' ', '  ', '\t', ' \n'),
  after: fc.constantFrom('', ' ', '  ', '\t', '\n'),
});

export function present(document: string, how: Presentation): string {
  const text = how.masked ? canonicalMask(document) : document;
  return how.before + (how.lowerCase ? text.toLowerCase() : text) + how.after;
}
