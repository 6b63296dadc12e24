import { describe, expect, it } from 'vitest';
import { generatePassword, passwordMatches, storePassword } from './passwords';

describe('passwords', () => {
  it('matches the stored password and nothing else', () => {
    const stored = storePassword('Acordo@2026');
    expect(passwordMatches('Acordo@2026', stored)).toBe(true);
    expect(passwordMatches('acordo@2026', stored)).toBe(false);
  });

  it('salts every stored password afresh', () => {
    expect(storePassword('Acordo@2026').passwordHash).not.toEqual(storePassword('Acordo@2026').passwordHash);
  });

  it('generates a temporary password of nine letters or digits and a symbol', () => {
    expect(generatePassword()).toMatch(/^[A-Za-z2-9]{9}@$/);
  });
});
