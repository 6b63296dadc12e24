/**
 * ISO 'YYYY-MM-DD' dates, checked and shown as 'dd/mm/yyyy': what most screens need, apart from the
 * calendar arithmetic of dates.ts (business days, holidays, payment windows), so they load only this.
 */

export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/** A date that is not a real 'YYYY-MM-DD' calendar date. */
export const DATE_INVALID_MESSAGE = 'Data inválida';

const ISO_PATTERN = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const BR_PATTERN = /^([0-9]{2})\/([0-9]{2})\/([0-9]{4})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function isRealDate({ year, month, day }: CivilDate): boolean {
  return (
    year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
  );
}

export function toIso({ year, month, day }: CivilDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function parseIsoParts(iso: string): CivilDate | null {
  const match = ISO_PATTERN.exec(iso);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDate(date) ? date : null;
}

export function requireIso(iso: string, what: string): CivilDate {
  const date = parseIsoParts(iso);
  if (!date) throw new RangeError(`${what}: not an ISO date (YYYY-MM-DD): ${JSON.stringify(iso)}`);
  return date;
}

export function isValidIsoDate(iso: string): boolean {
  return parseIsoParts(iso) !== null;
}

/** 'dd/mm/yyyy' → 'yyyy-mm-dd', or null if the text is not a real calendar date. */
export function parseBrDate(s: string): string | null {
  const match = BR_PATTERN.exec(s);
  if (!match) return null;
  const date = { year: Number(match[3]), month: Number(match[2]), day: Number(match[1]) };
  return isRealDate(date) ? toIso(date) : null;
}

/** 'yyyy-mm-dd' → 'dd/mm/yyyy'; throws a RangeError for anything else. */
export function formatBrDate(iso: string): string {
  const { year, month, day } = requireIso(iso, 'formatBrDate');
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${String(year).padStart(4, '0')}`;
}
