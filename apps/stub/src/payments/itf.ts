/**
 * Interleaved 2 of 5, the symbology of the boleto barcode: digits go in pairs, the first drawn by the five
 * bars and the second by the five spaces between them; two of each five elements are wide.
 */

/** Wide-element flags (1 = wide) of each digit's five elements. */
const DIGIT_PATTERNS: readonly string[] = [
  '00110',
  '10001',
  '01001',
  '11000',
  '00101',
  '10100',
  '01100',
  '00011',
  '10010',
  '01010',
];

/** FEBRABAN asks for a 1:3 narrow-to-wide ratio. */
export const ITF_WIDE = 3;

const START = [1, 1, 1, 1];
const STOP = [ITF_WIDE, 1, 1];

/**
 * Element widths in narrow units, alternating bar, space, bar, … from the start pattern (narrow bar, space,
 * bar, space) to the stop pattern (wide bar, narrow space, narrow bar). Needs an even number of digits.
 */
export function itfWidths(digits: string): number[] {
  if (!/^(?:[0-9]{2})+$/.test(digits)) throw new RangeError('ITF encodes a non-empty, even number of digits');
  const widths = [...START];
  for (let i = 0; i < digits.length; i += 2) {
    const bars = DIGIT_PATTERNS[Number(digits[i])] ?? '';
    const spaces = DIGIT_PATTERNS[Number(digits[i + 1])] ?? '';
    for (let k = 0; k < 5; k += 1) {
      widths.push(bars[k] === '1' ? ITF_WIDE : 1, spaces[k] === '1' ? ITF_WIDE : 1);
    }
  }
  widths.push(...STOP);
  return widths;
}

interface ItfBar {
  /** left edge, in narrow units from the start of the symbol */
  x: number;
  width: number;
}

/** The bars to paint (spaces dropped), positioned in narrow units. */
export function itfBars(digits: string): ItfBar[] {
  const bars: ItfBar[] = [];
  let x = 0;
  for (const [index, width] of itfWidths(digits).entries()) {
    if (index % 2 === 0) bars.push({ x, width });
    x += width;
  }
  return bars;
}
