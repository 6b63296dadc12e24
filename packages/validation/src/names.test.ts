import { describe, expect, it } from 'vitest';
import { firstName, shortName } from './names';

describe('firstName', () => {
  it('returns the first word of the name', () => {
    expect(firstName('Maria da Silva')).toBe('Maria');
  });

  it('ignores surrounding and repeated whitespace', () => {
    expect(firstName('  \tJoão \n Pereira ')).toBe('João');
  });

  it('returns an empty string for a blank name', () => {
    expect(firstName('')).toBe('');
    expect(firstName('   ')).toBe('');
  });
});

describe('shortName', () => {
  it('returns the first two words, single-spaced', () => {
    expect(shortName('Maria   da Silva Santos')).toBe('Maria da');
    expect(shortName(' Ana  Clara ')).toBe('Ana Clara');
  });

  it('returns a single word or nothing when that is all there is', () => {
    expect(shortName('Ana')).toBe('Ana');
    expect(shortName(' ')).toBe('');
  });
});
