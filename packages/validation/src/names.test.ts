import { describe, expect, it } from 'vitest';
import { firstName, isValidName, shortName } from './names';

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

describe('isValidName', () => {
  it('wants at least two words for a person', () => {
    expect(isValidName('Fernanda Oliveira Souza', false)).toBe(true);
    expect(isValidName("Ana D'Ávila", false)).toBe(true);
    expect(isValidName('  João   Pereira ', false)).toBe(true);
    expect(isValidName('Fernanda', false)).toBe(false);
    expect(isValidName('Ana 2', false)).toBe(false);
  });

  it('takes digits and company punctuation in a Razão Social', () => {
    expect(isValidName('Comércio Exemplo Ltda', true)).toBe(true);
    expect(isValidName('A&B Serviços 2000 S/A', true)).toBe(true);
    expect(isValidName('<script>', true)).toBe(false);
    expect(isValidName('ab', true)).toBe(false);
  });
});
