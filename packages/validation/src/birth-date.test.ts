import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BIRTH_DATE_INVALID_MESSAGE, isValidBirthDate } from './birth-date';

const TODAY = '2026-05-10';

describe('isValidBirthDate', () => {
  it('uses its Portuguese message', () => {
    expect(BIRTH_DATE_INVALID_MESSAGE).toBe('Data inválida');
  });

  it('accepts dd/mm/yyyy and the 8 digits ddmmyyyy', () => {
    expect(isValidBirthDate('15/08/1985', TODAY)).toBe(true);
    expect(isValidBirthDate('15081985', TODAY)).toBe(true);
  });

  it('refuses dates that do not exist', () => {
    expect(isValidBirthDate('31/02/1990', TODAY)).toBe(false);
    expect(isValidBirthDate('31/04/1990', TODAY)).toBe(false);
    expect(isValidBirthDate('00/01/1990', TODAY)).toBe(false);
    expect(isValidBirthDate('01/13/1990', TODAY)).toBe(false);
  });

  it('gets leap years right', () => {
    expect(isValidBirthDate('29/02/2024', TODAY)).toBe(true);
    expect(isValidBirthDate('29/02/2000', TODAY)).toBe(true);
    expect(isValidBirthDate('29/02/2023', TODAY)).toBe(false);
    expect(isValidBirthDate('29/02/1900', TODAY)).toBe(false);
  });

  it('accepts today and refuses a future date', () => {
    expect(isValidBirthDate('10/05/2026', TODAY)).toBe(true);
    expect(isValidBirthDate('11/05/2026', TODAY)).toBe(false);
    expect(isValidBirthDate('01/01/2030', TODAY)).toBe(false);
  });

  it('accepts age 130 and refuses age 131', () => {
    expect(isValidBirthDate('11/05/1895', TODAY)).toBe(true);
    expect(isValidBirthDate('10/05/1895', TODAY)).toBe(false);
    expect(isValidBirthDate('01/01/1800', TODAY)).toBe(false);
  });

  it('counts a 29 February birthday as reached on 1 March in common years', () => {
    expect(isValidBirthDate('29/02/1896', '2027-02-28')).toBe(true);
    expect(isValidBirthDate('29/02/1896', '2027-03-01')).toBe(false);
  });

  it('refuses other layouts', () => {
    for (const input of ['', '1/5/1990', '15/08/85', '1985-08-15', '15-08-1985', '1508198', 'ab/cd/efgh']) {
      expect(isValidBirthDate(input, TODAY), input).toBe(false);
    }
  });

  it('throws when today is not an ISO date', () => {
    expect(() => isValidBirthDate('15/08/1985', '10/05/2026')).toThrow(RangeError);
  });

  it('agrees with a Date-based reference for any day around the limits', () => {
    const today = Date.UTC(2026, 4, 10);
    // The second range sits on the 130-year limit (47,847 days back: born 10/05/1895) so the boundary is hit often.
    const offsets = fc.oneof(
      fc.integer({ min: -49_000, max: 800 }),
      fc.integer({ min: -47_870, max: -47_820 }),
    );
    fc.assert(
      fc.property(offsets, fc.boolean(), (offset, compact) => {
        const birth = new Date(today + offset * 86_400_000);
        const [y, m, d] = [birth.getUTCFullYear(), birth.getUTCMonth() + 1, birth.getUTCDate()];
        const text = `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
        const age = 2026 - y - (m > 5 || (m === 5 && d > 10) ? 1 : 0);
        const expected = offset <= 0 && age <= 130;
        expect(isValidBirthDate(compact ? text.replaceAll('/', '') : text, TODAY)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});
