import { describe, expect, it } from 'vitest';
import { applyMask, digitsOnly, isRepeatedCharacter } from './mask';

describe('applyMask', () => {
  it('fills the slots and writes literals between them', () => {
    expect(applyMask('12345678', '00000-000')).toBe('12345-678');
  });

  it('writes a literal only when a character follows it', () => {
    expect(applyMask('12345', '00000-000')).toBe('12345');
    expect(applyMask('1', '(00) 0000-0000')).toBe('(1');
  });

  it('appends characters beyond the mask', () => {
    expect(applyMask('123456789', '00000-000')).toBe('12345-6789');
  });

  it('returns an empty string for empty input', () => {
    expect(applyMask('', '00000-000')).toBe('');
  });
});

describe('digitsOnly', () => {
  it('keeps ASCII digits only', () => {
    expect(digitsOnly('(11) 9٣876-5432')).toBe('1198765432');
  });
});

describe('isRepeatedCharacter', () => {
  it('is true only for a non-empty run of one character', () => {
    expect(isRepeatedCharacter('aaaa')).toBe(true);
    expect(isRepeatedCharacter('a')).toBe(true);
    expect(isRepeatedCharacter('aab')).toBe(false);
    expect(isRepeatedCharacter('')).toBe(false);
  });
});
