import { applyMask, digitsOnly } from './mask';

export const CEP_INVALID_MESSAGE = 'CEP inválido';
export const CEP_MASK = '00000-000';

/** 8 digits once '-' and '.' (and surrounding spaces) are removed, and not 00000-000. */
export function isValidCep(s: string): boolean {
  const cep = s.trim().replace(/[-.]/g, '');
  return /^[0-9]{8}$/.test(cep) && cep !== '00000000';
}

export function formatCep(s: string): string {
  return applyMask(digitsOnly(s), CEP_MASK);
}
