import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ITF_WIDE, itfBars, itfWidths } from './itf';

// A decoder written from the symbology's description, to read back what the encoder drew.
const PATTERNS = ['NNWWN', 'WNNNW', 'NWNNW', 'WWNNN', 'NNWNW', 'WNWNN', 'NWWNN', 'NNNWW', 'WNNWN', 'NWNWN'];

function decode(widths: readonly number[]): string {
  const letters = widths.map((width) => (width === 1 ? 'N' : width === ITF_WIDE ? 'W' : '?')).join('');
  if (!letters.startsWith('NNNN') || !letters.endsWith('WNN')) throw new Error('no start or stop pattern');
  const body = letters.slice(4, -3);
  let result = '';
  for (let i = 0; i < body.length; i += 10) {
    const chunk = body.slice(i, i + 10);
    const bars = [0, 2, 4, 6, 8].map((k) => chunk[k]).join('');
    const spaces = [1, 3, 5, 7, 9].map((k) => chunk[k]).join('');
    result += `${PATTERNS.indexOf(bars)}${PATTERNS.indexOf(spaces)}`;
  }
  return result;
}

describe('itfWidths', () => {
  it('interleaves a pair: the first digit in the bars, the second in the spaces', () => {
    // Start NNNN; 1 = WNNNW in the bars, 2 = NWNNW in the spaces → W N, N W, N N, N N, W W; stop W N N.
    expect(itfWidths('12')).toEqual([1, 1, 1, 1, 3, 1, 1, 3, 1, 1, 1, 1, 3, 3, 3, 1, 1]);
    // 0 = NNWWN in both: N N, N N, W W, W W, N N.
    expect(itfWidths('00')).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 1, 1, 3, 1, 1]);
  });

  it('gives every digit exactly two wide elements out of five', () => {
    for (const digit of '0123456789') {
      const widths = itfWidths(`${digit}0`).slice(4, -3);
      const bars = widths.filter((_, index) => index % 2 === 0);
      expect(bars.filter((width) => width === ITF_WIDE)).toHaveLength(2);
    }
  });

  it('draws 44 digits as 114 bars over 405 narrow units (103 mm at 0.254 mm)', () => {
    const barcode = '23799755200003700003381260007827139500006330';
    expect(itfBars(barcode)).toHaveLength(2 + 22 * 5 + 2);
    expect(itfWidths(barcode).reduce((sum, width) => sum + width, 0)).toBe(405);
    expect(decode(itfWidths(barcode))).toBe(barcode);
  });

  it('places bars after the spaces between them', () => {
    expect(itfBars('12').slice(0, 4)).toEqual([
      { x: 0, width: 1 },
      { x: 2, width: 1 },
      { x: 4, width: 3 },
      { x: 8, width: 1 },
    ]);
  });

  it('refuses odd, empty and non-digit input', () => {
    expect(() => itfWidths('123')).toThrow(RangeError);
    expect(() => itfWidths('')).toThrow(RangeError);
    expect(() => itfWidths('1a')).toThrow(RangeError);
  });

  it('decodes back to any even-length digit string', () => {
    const evenDigits = fc
      .integer({ min: 1, max: 30 })
      .chain((pairs) =>
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 2 * pairs, maxLength: 2 * pairs }),
      );
    fc.assert(
      fc.property(evenDigits, (digits) => {
        expect(decode(itfWidths(digits))).toBe(digits);
      }),
      { numRuns: 300 },
    );
  });
});
