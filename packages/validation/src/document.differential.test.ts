import { isValidCnpj as brazilianUtilsIsValidCnpj } from '@brazilian-utils/brazilian-utils';
import {
  alphanumericCnpjBase,
  canonicalMask,
  completeCnpj,
  completeCpf,
  numericCnpjBase,
  withWrongDigitAt,
} from '@portal/test-kit/documents';
import { cnpj as cnpjValidator, cpf as cpfValidator } from 'cpf-cnpj-validator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf } from './document';

const RUNS = 2500;

const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
const alphanumerics = (length: number) =>
  fc.string({
    unit: fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
    minLength: length,
    maxLength: length,
  });

/** Valid, one check digit off, any 11 digits (almost always invalid), one repeated digit. */
const cpfCandidates = fc.oneof(
  digits(9).map(completeCpf),
  fc
    .tuple(digits(9), fc.constantFrom(9, 10), fc.nat())
    .map(([base, i, s]) => withWrongDigitAt(completeCpf(base), i, s)),
  digits(11),
  fc.constantFrom(...'0123456789').map((d) => d.repeat(11)),
);

const numericCnpjCandidates = fc.oneof(
  numericCnpjBase.map(completeCnpj),
  fc
    .tuple(numericCnpjBase, fc.constantFrom(12, 13), fc.nat())
    .map(([base, i, s]) => withWrongDigitAt(completeCnpj(base), i, s)),
  digits(14),
  fc.constantFrom(...'0123456789').map((d) => d.repeat(14)),
);

const alphanumericCnpjCandidates = fc.oneof(
  alphanumericCnpjBase.map(completeCnpj),
  fc
    .tuple(alphanumericCnpjBase, fc.constantFrom(12, 13), fc.nat())
    .map(([base, i, s]) => withWrongDigitAt(completeCnpj(base), i, s)),
  fc.tuple(alphanumerics(12), digits(2)).map(([base, dv]) => base + dv),
);

/** A base of 12 identical characters: refused here (never issued), accepted by both libraries if the digits check out. */
const hasRepeatedBase = (cnpj: string) => new Set(cnpj.slice(0, 12)).size === 1;

describe('CPF/CNPJ validation agrees with well-kept libraries', () => {
  it('agrees with cpf-cnpj-validator on numeric CPFs', () => {
    let valid = 0;
    fc.assert(
      fc.property(cpfCandidates, fc.boolean(), (cpf, masked) => {
        // cpf-cnpj-validator blacklists 123.456.789-09, whose check digits are right; ours refuses only repeated digits.
        fc.pre(cpf !== '12345678909');
        const input = masked ? canonicalMask(cpf) : cpf;
        const ours = isValidCpf(input);
        if (ours) valid += 1;
        expect(ours).toBe(cpfValidator.isValid(input));
      }),
      { numRuns: RUNS },
    );
    expect(valid).toBeGreaterThan(RUNS / 5);
  });

  it('agrees with cpf-cnpj-validator and @brazilian-utils on numeric CNPJs', () => {
    let valid = 0;
    fc.assert(
      fc.property(numericCnpjCandidates, fc.boolean(), (cnpj, masked) => {
        // Both libraries only refuse 14 identical digits; a base of 12 identical digits is refused here by design.
        fc.pre(!hasRepeatedBase(cnpj) || new Set(cnpj).size === 1);
        const input = masked ? canonicalMask(cnpj) : cnpj;
        const ours = isValidCnpj(input);
        if (ours) valid += 1;
        expect(ours).toBe(cnpjValidator.isValid(input));
        expect(ours).toBe(brazilianUtilsIsValidCnpj(input));
        expect(ours).toBe(brazilianUtilsIsValidCnpj(input, { version: 2 }));
      }),
      { numRuns: RUNS },
    );
    expect(valid).toBeGreaterThan(RUNS / 5);
  });

  it('agrees with @brazilian-utils (version 2) and cpf-cnpj-validator on alphanumeric CNPJs', () => {
    let valid = 0;
    fc.assert(
      fc.property(alphanumericCnpjCandidates, fc.boolean(), fc.boolean(), (cnpj, masked, lowerCase) => {
        // @brazilian-utils documents that version 2 has no reserved values, so it accepts e.g. AAAAAAAAAAAA45.
        fc.pre(!hasRepeatedBase(cnpj));
        const shown = masked ? canonicalMask(cnpj) : cnpj;
        const input = lowerCase ? shown.toLowerCase() : shown;
        const ours = isValidCnpj(input);
        if (ours) valid += 1;
        expect(ours).toBe(brazilianUtilsIsValidCnpj(input, { version: 2 }));
        expect(ours).toBe(cnpjValidator.isValid(input));
      }),
      { numRuns: RUNS },
    );
    expect(valid).toBeGreaterThan(RUNS / 5);
  });

  it('differs from both libraries only on the repeated-base class it excludes', () => {
    expect(brazilianUtilsIsValidCnpj('AAAAAAAAAAAA45', { version: 2 })).toBe(true);
    expect(cnpjValidator.isValid('AAAAAAAAAAAA45')).toBe(true);
    expect(cnpjValidator.isValid('11111111111180')).toBe(true);
    expect(isValidCnpj('AAAAAAAAAAAA45')).toBe(false);
    expect(isValidCnpj('11111111111180')).toBe(false);
    expect(cpfValidator.isValid('123.456.789-09')).toBe(false);
    expect(isValidCpf('123.456.789-09')).toBe(true);
  });
});
