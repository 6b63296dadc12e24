import { describe, expect, it } from 'vitest';
import { isAcceptablePassword } from './password';

describe('isAcceptablePassword', () => {
  it('accepts 8 or more characters with letters and digits', () => {
    expect(isAcceptablePassword('Acordo@2026')).toBe(true);
    expect(isAcceptablePassword('abcdefg1')).toBe(true);
    expect(isAcceptablePassword('ação2026x')).toBe(true);
  });

  it('refuses short, letter-only, digit-only and oversize passwords', () => {
    expect(isAcceptablePassword('abc123')).toBe(false);
    expect(isAcceptablePassword('abcdefgh')).toBe(false);
    expect(isAcceptablePassword('12345678')).toBe(false);
    expect(isAcceptablePassword(`a1${'x'.repeat(199)}`)).toBe(false);
  });
});
