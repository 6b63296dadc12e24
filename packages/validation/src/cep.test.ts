import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CEP_INVALID_MESSAGE, CEP_MASK, formatCep, isValidCep } from './cep';

describe('cep', () => {
  it('uses its Portuguese message and mask', () => {
    expect(CEP_INVALID_MESSAGE).toBe('CEP inválido');
    expect(CEP_MASK).toBe('00000-000');
  });

  it('accepts 8 digits with or without - and .', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('01310100')).toBe(true);
    expect(isValidCep('01.310-100')).toBe(true);
    expect(isValidCep(' 01310-100 ')).toBe(true);
  });

  it('refuses the all-zero CEP', () => {
    expect(isValidCep('00000-000')).toBe(false);
  });

  it('refuses the wrong number of digits, letters and other separators', () => {
    expect(isValidCep('01310-10')).toBe(false);
    expect(isValidCep('01310-1000')).toBe(false);
    expect(isValidCep('0131O-100')).toBe(false);
    expect(isValidCep('01310 100')).toBe(false);
    expect(isValidCep('')).toBe(false);
  });

  it('formats as 00000-000, progressively', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('01.310-100')).toBe('01310-100');
    expect(formatCep('01310')).toBe('01310');
    expect(formatCep('013101')).toBe('01310-1');
    expect(formatCep('')).toBe('');
  });

  it('accepts every formatted 8-digit CEP except 00000-000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (n) => {
        const cep = String(n).padStart(8, '0');
        expect(isValidCep(formatCep(cep))).toBe(n !== 0);
        expect(formatCep(formatCep(cep))).toBe(formatCep(cep));
      }),
    );
  });
});
