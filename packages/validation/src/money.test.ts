import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyPlain, parseMoney, splitInstalments, sumCents } from './money';

/** The upstream wire format, as packages/contracts checks it. */
const WIRE_FORMAT = /^(R\$\s?)?\d{1,3}(\.\d{3})*,\d{2}$/;

describe('parseMoney', () => {
  it.each([
    ['1.234,56', 123456],
    ['R$ 1.234,56', 123456],
    ['R$\u00a01.234,56', 123456],
    ['R$1.234,56', 123456],
    ['0,00', 0],
    ['R$ 0,99', 99],
    ['1.000.000,00', 100000000],
    [' 12,50 ', 1250],
  ])('reads the upstream string %j as %i cents', (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
  });

  it.each([
    [1234.56, 123456],
    [0.29, 29],
    [12.5, 1250],
    [0, 0],
    [19.99, 1999],
  ])('reads the number %d as reais', (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
  });

  it('throws a TypeError for a string with no digits', () => {
    expect(() => parseMoney('')).toThrow(TypeError);
    expect(() => parseMoney('R$ ,')).toThrow(/no digits/);
  });

  it('throws for negative amounts', () => {
    expect(() => parseMoney('-1,00')).toThrow(RangeError);
    expect(() => parseMoney('R$ -1,00')).toThrow(RangeError);
    expect(() => parseMoney(-0.01)).toThrow(RangeError);
  });

  it('throws rather than misread a comma not followed by exactly two decimals', () => {
    expect(() => parseMoney('12,5')).toThrow(TypeError);
    expect(() => parseMoney('1,234.56')).toThrow(TypeError);
    expect(() => parseMoney('1,2,34')).toThrow(TypeError);
  });

  it('throws for amounts that are not finite or do not fit a safe integer of cents', () => {
    expect(() => parseMoney(Number.NaN)).toThrow(RangeError);
    expect(() => parseMoney(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => parseMoney('99.999.999.999.999.999,99')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats cents as pt-BR reais with a no-break space after R$', () => {
    expect(formatMoney(123456)).toBe('R$\u00a01.234,56');
    expect(formatMoney(0)).toBe('R$\u00a00,00');
    expect(formatMoney(5)).toBe('R$\u00a00,05');
    expect(formatMoney(100000000)).toBe('R$\u00a01.000.000,00');
  });

  it('is exact up to the largest safe integer', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('R$\u00a090.071.992.547.409,91');
  });

  it('formats a negative amount with a leading minus', () => {
    expect(formatMoney(-100)).toBe('-R$\u00a01,00');
  });

  it('refuses non-integer or unsafe cents', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
    expect(() => formatMoney(2 ** 53)).toThrow(RangeError);
  });
});

describe('formatMoneyPlain', () => {
  it('produces the upstream wire format', () => {
    expect(formatMoneyPlain(123456)).toBe('1.234,56');
    expect(formatMoneyPlain(0)).toBe('0,00');
    expect(formatMoneyPlain(99)).toBe('0,99');
    expect(formatMoneyPlain(100000)).toBe('1.000,00');
  });

  it('refuses negative, non-integer or unsafe cents', () => {
    expect(() => formatMoneyPlain(-1)).toThrow(RangeError);
    expect(() => formatMoneyPlain(0.5)).toThrow(RangeError);
    expect(() => formatMoneyPlain(2 ** 53)).toThrow(RangeError);
  });
});

describe('money properties', () => {
  const cents = fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.maxSafeNat());

  it('reads back every amount it writes, in either format', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const plain = formatMoneyPlain(c);
        expect(plain).toMatch(WIRE_FORMAT);
        expect(parseMoney(plain)).toBe(c);
        expect(parseMoney(formatMoney(c))).toBe(c);
      }),
    );
  });
});

describe('parseMoney reads the upstream amount by its digits', () => {
  const cents = fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.maxSafeNat());
  /** Reais and centavos written out here, not with the formatters under test. */
  const spellings = (c: number) => {
    const units = String(Math.floor(c / 100));
    const fraction = String(c % 100).padStart(2, '0');
    const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    return {
      bare: `${units},${fraction}`,
      grouped: `${grouped},${fraction}`,
      currency: `R$ ${grouped},${fraction}`,
    };
  };

  it.each([
    ['1234,56', 123456],
    ['1.234,56', 123456],
    ['R$ 1.234,56', 123456],
    ['R$ 1234,56', 123456],
    ['1000000,00', 100000000],
  ])('reads %j as %i cents, with or without thousands separators', (input, expected) => {
    expect(parseMoney(input)).toBe(expected);
  });

  it('reads every amount back from its three spellings: bare, grouped and with R$', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const { bare, grouped, currency } = spellings(c);
        expect(parseMoney(bare)).toBe(c);
        expect(parseMoney(grouped)).toBe(c);
        expect(parseMoney(currency)).toBe(c);
      }),
    );
  });
});

describe('sumCents', () => {
  it('adds integer cents', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([10, 20, 30])).toBe(60);
    expect(sumCents([100, -30])).toBe(70);
  });

  it('refuses non-integer values and totals that are no longer safe', () => {
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe('splitInstalments', () => {
  it('gives the leftover cents to the first instalments', () => {
    expect(splitInstalments(1000, 3)).toEqual([334, 333, 333]);
    expect(splitInstalments(2, 5)).toEqual([1, 1, 0, 0, 0]);
    expect(splitInstalments(1200, 4)).toEqual([300, 300, 300, 300]);
  });

  it('handles one instalment and a zero total', () => {
    expect(splitInstalments(12345, 1)).toEqual([12345]);
    expect(splitInstalments(0, 3)).toEqual([0, 0, 0]);
  });

  it('refuses a count that is not a positive integer and a bad total', () => {
    expect(() => splitInstalments(100, 0)).toThrow(RangeError);
    expect(() => splitInstalments(100, 1.5)).toThrow(RangeError);
    expect(() => splitInstalments(-100, 2)).toThrow(RangeError);
    expect(() => splitInstalments(10.5, 2)).toThrow(RangeError);
  });

  it('always sums to the total, with instalments at most one cent apart, largest first', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.nat(10_000_000), fc.maxSafeNat()),
        fc.integer({ min: 1, max: 120 }),
        (total, count) => {
          const parts = splitInstalments(total, count);
          expect(parts).toHaveLength(count);
          expect(parts.every(Number.isSafeInteger)).toBe(true);
          expect(sumCents(parts)).toBe(total);
          expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
          expect([...parts].sort((a, b) => b - a)).toEqual(parts);
        },
      ),
    );
  });
});
