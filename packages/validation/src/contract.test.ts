import { describe, expect, it } from 'vitest';
import { maskContract } from './contract';

describe('maskContract', () => {
  it('keeps the first 2 and last 3 characters of a number longer than 6', () => {
    expect(maskContract('1234567')).toBe('12***567');
    expect(maskContract('ABC-2024-000123')).toBe('AB***123');
  });

  it('leaves a number of 6 characters or fewer unchanged', () => {
    expect(maskContract('123456')).toBe('123456');
    expect(maskContract('12')).toBe('12');
    expect(maskContract('')).toBe('');
  });
});
