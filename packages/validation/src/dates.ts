/**
 * Dates are ISO 'YYYY-MM-DD' strings inside the code and 'dd/mm/yyyy' on screen. Arithmetic is done on day
 * numbers (days since 1970-01-01) with integer calendar maths, never through a local-time Date, so the
 * host's time zone cannot shift a date.
 *
 * ISO date strings are fixed-width and zero-padded, so plain string comparison (<, >, sort()) orders them
 * chronologically; compareIso exists for callers that want a comparator.
 */

import { type CivilDate, daysInMonth, isRealDate, requireIso, toIso } from './iso-date';

export { DATE_INVALID_MESSAGE, formatBrDate, isValidIsoDate, parseBrDate } from './iso-date';

/** Days since 1970-01-01 (Howard Hinnant's days_from_civil). */
function toDayNumber({ year, month, day }: CivilDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** Inverse of toDayNumber (Howard Hinnant's civil_from_days). */
function fromDayNumber(dayNumber: number): CivilDate {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function addDays(iso: string, n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`addDays: not an integer number of days: ${n}`);
  const date = fromDayNumber(toDayNumber(requireIso(iso, 'addDays')) + n);
  if (!isRealDate(date)) throw new RangeError(`addDays: ${iso} + ${n} days is outside years 0001–9999`);
  return toIso(date);
}

/** Comparator for ISO dates: negative, zero or positive, like a - b. */
export function compareIso(a: string, b: string): number {
  return toDayNumber(requireIso(a, 'compareIso')) - toDayNumber(requireIso(b, 'compareIso'));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return compareIso(to, from);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(iso: string): number {
  // 1970-01-01 was a Thursday (4); the double modulo keeps earlier dates in 0..6 (and never -0).
  return (((toDayNumber(requireIso(iso, 'dayOfWeek')) + 4) % 7) + 7) % 7;
}

const BRAZIL_DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Brasília time at `now`, as ISO. */
export function todayInBrazil(now: Date = new Date()): string {
  const parts = BRAZIL_DATE_FORMAT.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value ?? Number.NaN);
  const date = { year: part('year'), month: part('month'), day: part('day') };
  if (!isRealDate(date)) throw new RangeError(`todayInBrazil: cannot read a date from ${String(now)}`);
  return toIso(date);
}

function requireYear(year: number, what: string): void {
  if (!Number.isInteger(year) || year < 1 || year > 9999) {
    throw new RangeError(`${what}: year must be an integer from 1 to 9999, got ${year}`);
  }
}

/** Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  requireYear(year, 'easterSunday');
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return toIso({ year, month, day });
}

const FIXED_HOLIDAYS = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '12-25'] as const;
/** Lei 14.759/2023 made Dia da Consciência Negra (20 November) a national holiday from 2024 on. */
const CONSCIENCIA_NEGRA_SINCE = 2024;

/**
 * National holidays of `year` as ISO dates: the fixed ones plus Carnaval (Monday and Tuesday), Sexta-feira
 * Santa and Corpus Christi. A fresh Set on every call, so callers may change it.
 */
export function brazilianNationalHolidays(year: number): Set<string> {
  requireYear(year, 'brazilianNationalHolidays');
  const prefix = String(year).padStart(4, '0');
  const holidays = new Set<string>(FIXED_HOLIDAYS.map((monthDay) => `${prefix}-${monthDay}`));
  if (year >= CONSCIENCIA_NEGRA_SINCE) holidays.add(`${prefix}-11-20`);
  const easter = easterSunday(year);
  // Carnaval and Corpus Christi are only pontos facultativos nationally, but banks do not clear on them.
  for (const offset of [-48, -47, -2, 60]) holidays.add(addDays(easter, offset));
  return holidays;
}

const holidaysByYear = new Map<number, ReadonlySet<string>>();

function holidaysOf(year: number): ReadonlySet<string> {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = brazilianNationalHolidays(year);
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

/** Not a Saturday, Sunday or national holiday (see brazilianNationalHolidays). */
export function isBusinessDay(iso: string): boolean {
  const weekday = dayOfWeek(iso);
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(requireIso(iso, 'isBusinessDay').year).has(iso);
}

/** The `n`-th business day after `iso` (the day itself never counts): `n` ≥ 0; 0 gives `iso` back. */
export function addBusinessDays(iso: string, n: number): string {
  requireIso(iso, 'addBusinessDays');
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`addBusinessDays: not a count of days: ${n}`);
  let day = iso;
  for (let left = n; left > 0; ) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}

/** Business days after `from` up to and including `to`; 0 when `to` is not after `from`. */
export function businessDaysBetween(from: string, to: string): number {
  requireIso(from, 'businessDaysBetween from');
  requireIso(to, 'businessDaysBetween to');
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isBusinessDay(day)) count += 1;
  return count;
}

/** Business days offered per proposal; non-business days extend the window instead of using it up. */
const PAYMENT_WINDOW_BUSINESS_DAYS = 30;

/**
 * Payment dates offered for a proposal: business days from tomorrow up to `maxDueDate` (the proposal's
 * dataMaxVencimento), at most 30 of them. Ascending; empty when maxDueDate is not after today.
 */
export function paymentDateOptions({ today, maxDueDate }: { today: string; maxDueDate: string }): string[] {
  requireIso(today, 'paymentDateOptions today');
  requireIso(maxDueDate, 'paymentDateOptions maxDueDate');
  const options: string[] = [];
  let remaining = PAYMENT_WINDOW_BUSINESS_DAYS;
  for (let day = addDays(today, 1); remaining > 0 && day <= maxDueDate; day = addDays(day, 1)) {
    if (isBusinessDay(day)) {
      options.push(day);
      remaining -= 1;
    }
  }
  return options;
}

/** The preferred date when it is on offer, else the first option; undefined when there are none. */
export function defaultPaymentDate(options: readonly string[], preferred?: string): string | undefined {
  return preferred !== undefined && options.includes(preferred) ? preferred : options[0];
}

/** The latest day of the month an agreement's due day may be: one every month has. */
export const DUE_DAY_MAX = 28;

/**
 * `count` monthly due dates on day `dia` (1–28) of the month: the first on the first such day strictly after
 * `today`, each next one on that day a month later. A date on a weekend or a national holiday moves forward
 * to the next business day; the move never shifts the months after it.
 */
export function monthlyOnDay(today: string, dia: number, count: number): string[] {
  const { year, month, day } = requireIso(today, 'monthlyOnDay');
  if (!Number.isInteger(dia) || dia < 1 || dia > DUE_DAY_MAX)
    throw new RangeError(`monthlyOnDay: not a due day from 1 to ${DUE_DAY_MAX}: ${dia}`);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`monthlyOnDay: not a count: ${count}`);
  // months counted from year 0, so that adding k crosses years by plain division
  const first = year * 12 + (month - 1) + (day < dia ? 0 : 1);
  return Array.from({ length: count }, (_, k) => {
    const months = first + k;
    let date = toIso({ year: Math.floor(months / 12), month: (months % 12) + 1, day: dia });
    while (!isBusinessDay(date)) date = addDays(date, 1);
    return date;
  });
}

/**
 * How a creditor dates an agreement's instalments after the first (ours, `regrasAcordo.vencimentoParcelas`):
 * 'mesmo-dia', each month on the first's day of the month (the month's last day when it has fewer);
 * '30-dias', every 30 days from the first. Either way moved forward past a weekend or a national holiday.
 */
export type InstalmentSchedule = 'mesmo-dia' | '30-dias';

/**
 * The due dates of an agreement: its first, then `count` more as the creditor's schedule sets them;
 * `day`, for 'mesmo-dia', the day of the month kept (by default the first's own).
 */
export function instalmentDates(
  first: string,
  count: number,
  schedule: InstalmentSchedule,
  day?: number,
): string[] {
  const start = requireIso(first, 'instalmentDates');
  const { year, month } = start;
  const kept = day ?? start.day;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`instalmentDates: not a count: ${count}`);
  const onBusinessDay = (iso: string) => {
    let date = iso;
    while (!isBusinessDay(date)) date = addDays(date, 1);
    return date;
  };
  const later = Array.from({ length: count }, (_, i) => {
    const k = i + 1;
    if (schedule === '30-dias') return onBusinessDay(addDays(first, 30 * k));
    const months = year * 12 + (month - 1) + k;
    const y = Math.floor(months / 12);
    const m = (months % 12) + 1;
    return onBusinessDay(toIso({ year: y, month: m, day: Math.min(kept, daysInMonth(y, m)) }));
  });
  return [first, ...later];
}
