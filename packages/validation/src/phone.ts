import { applyMask, digitsOnly, isRepeatedCharacter } from './mask';

export const PHONE_INVALID_MESSAGE = 'Número de celular inválido';
export const PHONE_INVALID_SUMMARY_MESSAGE = 'Telefone inválido.';

/** Area codes (Códigos Nacionais) in use under ANATEL's Plano Geral de Numeração: 67 codes. */
export const VALID_DDDS: readonly string[] = Object.freeze(
  [
    '11 12 13 14 15 16 17 18 19', // SP
    '21 22 24 27 28', // RJ, ES
    '31 32 33 34 35 37 38', // MG
    '41 42 43 44 45 46 47 48 49', // PR, SC
    '51 53 54 55', // RS
    '61 62 63 64 65 66 67 68 69', // DF, GO, TO, MT, MS, AC, RO
    '71 73 74 75 77 79', // BA, SE
    '81 82 83 84 85 86 87 88 89', // PE, AL, PB, RN, CE, PI
    '91 92 93 94 95 96 97 98 99', // PA, AM, RR, AP, MA
  ]
    .join(' ')
    .split(' '),
);

const DDD_SET: ReadonlySet<string> = new Set(VALID_DDDS);

const MOBILE_MASK = '(00) 00000-0000';
const LANDLINE_MASK = '(00) 0000-0000';

/** All the digits of the input; length is left to the validators. */
export function normalizePhone(input: string): string {
  return digitsOnly(input);
}

export function isValidDdd(ddd: string): boolean {
  return DDD_SET.has(ddd);
}

function hasValidShape(digits: string): boolean {
  if (isRepeatedCharacter(digits) || !isValidDdd(digits.slice(0, 2))) return false;
  return digits.length === 10 || (digits.length === 11 && digits.charAt(2) === '9');
}

/**
 * Mobile only: 11 digits, valid DDD, 9 as the first digit of the number. The one rule of every field the
 * portal asks a mobile in ('Celular' in the registration and 'Meus dados', the summary's delivery, the SMS
 * modal), in the browser and in the BFF's inputs alike.
 */
export function isValidPhone(input: string): boolean {
  const digits = normalizePhone(input);
  return digits.length === 11 && hasValidShape(digits);
}

/**
 * Mobile (11 digits) or landline (10 digits): what the upstream's profile endpoint itself takes (the
 * simulator checks with it). The portal's forms ask for a mobile (isValidPhone).
 */
export function isValidLandlineOrMobile(input: string): boolean {
  return hasValidShape(normalizePhone(input));
}

/** (DD) NNNNN-NNNN for 11+ digits, (DD) NNNN-NNNN for up to 10; partial input is masked as far as it goes. */
export function formatPhone(input: string): string {
  const digits = normalizePhone(input);
  return applyMask(digits, digits.length >= 11 ? MOBILE_MASK : LANDLINE_MASK);
}

/**
 * Password-recovery display: keeps the DDD, the first digit of the number and the last 4, e.g.
 * (11) 9****-5678. Anything that is not 10 or 11 digits long shows only its last 4 digits (none if it has
 * 4 or fewer), so a malformed value never leaks more than a well-formed one.
 */
export function maskPhoneForDisplay(input: string): string {
  const digits = normalizePhone(input);
  if (digits.length !== 10 && digits.length !== 11) {
    const visible = digits.length > 4 ? digits.slice(-4) : '';
    return '*'.repeat(digits.length - visible.length) + visible;
  }
  const hidden = '*'.repeat(digits.length - 7);
  return `(${digits.slice(0, 2)}) ${digits.charAt(2)}${hidden}-${digits.slice(-4)}`;
}
