import { randomInt } from 'node:crypto';
import { isValidCnpj, isValidCpf } from '@portal/validation/document';
import { isValidPhone } from '@portal/validation/phone';

const DIGITS = '0123456789';
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

type DocumentShape = 'cpf' | 'cnpj' | 'cnpjAlfanumerico';

const pick = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/**
 * The one pair of check digits that completes `base`. The rule itself stays in
 * @portal/validation: of the 100 candidates, the one its validator accepts wins.
 */
function complete(base: string, isValid: (document: string) => boolean): string | undefined {
  for (let pair = 0; pair < 100; pair += 1) {
    const candidate = base + String(pair).padStart(2, '0');
    if (isValid(candidate)) return candidate;
  }
  return undefined;
}

const BASES: Record<DocumentShape, () => string> = {
  cpf: () => pick(DIGITS, 9),
  cnpj: () => pick(DIGITS, 12),
  cnpjAlfanumerico: () => {
    const base = pick(ALPHANUMERIC, 12);
    return /[A-Z]/.test(base) ? base : BASES.cnpjAlfanumerico();
  },
};

/** A random valid document of the shape asked for; an alphanumeric CNPJ has at least one letter. */
export function randomDocument(shape: DocumentShape): string {
  for (;;) {
    const base = BASES[shape]();
    const document = complete(base, shape === 'cpf' ? isValidCpf : isValidCnpj);
    if (document) return document;
  }
}

/** The shape of a normalized document, so that a copy gets one of the same kind. */
export function documentShape(document: string): DocumentShape {
  if (document.length === 11) return 'cpf';
  return /[A-Z]/.test(document) ? 'cnpjAlfanumerico' : 'cnpj';
}

/** A random valid mobile number (11 digits, 9 first) in the given area code. */
export function randomMobile(ddd: string): string {
  for (;;) {
    const phone = `${ddd}9${pick(DIGITS, 8)}`;
    if (isValidPhone(phone)) return phone;
  }
}
