import { getHolidays } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addDays,
  brazilianNationalHolidays,
  businessDaysBetween,
  compareIso,
  dayOfWeek,
  daysBetween,
  defaultPaymentDate,
  easterSunday,
  formatBrDate,
  instalmentDates,
  isBusinessDay,
  isValidIsoDate,
  monthlyOnDay,
  parseBrDate,
  paymentDateOptions,
  todayInBrazil,
} from './dates';

const DAY_MS = 86_400_000;

/** Reference built on Date's UTC methods, independent of the day-number maths in dates.ts. */
function utcIso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** ISO dates from 1901 to 2099, as [ms, iso]. */
const isoDate = fc
  .integer({ min: Date.UTC(1901, 0, 1) / DAY_MS, max: Date.UTC(2099, 11, 31) / DAY_MS })
  .map((day) => utcIso(day * DAY_MS));

describe('parseBrDate', () => {
  it('turns dd/mm/yyyy into ISO', () => {
    expect(parseBrDate('05/04/2026')).toBe('2026-04-05');
    expect(parseBrDate('31/12/1999')).toBe('1999-12-31');
  });

  it('returns null for dates that do not exist', () => {
    expect(parseBrDate('31/02/2026')).toBeNull();
    expect(parseBrDate('29/02/2025')).toBeNull();
    expect(parseBrDate('29/02/1900')).toBeNull();
    expect(parseBrDate('31/06/2026')).toBeNull();
    expect(parseBrDate('00/06/2026')).toBeNull();
    expect(parseBrDate('10/00/2026')).toBeNull();
    expect(parseBrDate('01/01/0000')).toBeNull();
  });

  it('accepts 29 February in leap years', () => {
    expect(parseBrDate('29/02/2024')).toBe('2024-02-29');
    expect(parseBrDate('29/02/2000')).toBe('2000-02-29');
  });

  it('returns null for other layouts', () => {
    for (const input of ['5/4/2026', '05/04/26', '2026-04-05', '05-04-2026', ' 05/04/2026', '']) {
      expect(parseBrDate(input), input).toBeNull();
    }
  });
});

describe('formatBrDate', () => {
  it('turns ISO into dd/mm/yyyy', () => {
    expect(formatBrDate('2026-04-05')).toBe('05/04/2026');
  });

  it('throws for anything that is not a real ISO date', () => {
    expect(() => formatBrDate('2026-02-30')).toThrow(RangeError);
    expect(() => formatBrDate('05/04/2026')).toThrow(RangeError);
  });

  it('round-trips with parseBrDate', () => {
    fc.assert(
      fc.property(isoDate, (iso) => {
        expect(parseBrDate(formatBrDate(iso))).toBe(iso);
      }),
    );
  });
});

describe('isValidIsoDate', () => {
  it('accepts real dates only', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2025-02-29')).toBe(false);
    expect(isValidIsoDate('2025-2-1')).toBe(false);
    expect(isValidIsoDate('2025-02-01T00:00:00Z')).toBe(false);
  });
});

describe('addDays, compareIso, daysBetween and dayOfWeek', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-04-05', 0)).toBe('2026-04-05');
  });

  it('refuses a fractional number of days and an invalid date', () => {
    expect(() => addDays('2026-04-05', 0.5)).toThrow(RangeError);
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
  });

  it('agrees with Date in UTC', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -40_000, max: 40_000 }), (iso, n) => {
        const ms = Date.parse(`${iso}T00:00:00Z`);
        expect(addDays(iso, n)).toBe(utcIso(ms + n * DAY_MS));
        expect(dayOfWeek(iso)).toBe(new Date(ms).getUTCDay());
      }),
    );
  });

  it('orders dates like plain string comparison does', () => {
    fc.assert(
      fc.property(isoDate, isoDate, (a, b) => {
        expect(Math.sign(compareIso(a, b))).toBe(a < b ? -1 : a > b ? 1 : 0);
        expect(addDays(a, daysBetween(a, b))).toBe(b);
      }),
    );
  });

  it('knows the day of the week', () => {
    expect(dayOfWeek('2026-11-20')).toBe(5);
    expect(dayOfWeek('1970-01-01')).toBe(4);
    expect(dayOfWeek('2026-04-05')).toBe(0);
  });
});

describe('todayInBrazil', () => {
  it('is still the previous day in Brasília until 03:00 UTC', () => {
    expect(todayInBrazil(new Date('2026-01-01T02:59:59Z'))).toBe('2025-12-31');
    expect(todayInBrazil(new Date('2026-01-01T03:00:00Z'))).toBe('2026-01-01');
  });

  it('follows the zone rules rather than a fixed offset (daylight saving time in 2018)', () => {
    expect(todayInBrazil(new Date('2018-12-01T02:30:00Z'))).toBe('2018-12-01');
  });

  it('defaults to now', () => {
    expect(isValidIsoDate(todayInBrazil())).toBe(true);
  });
});

describe('easterSunday', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
    [1943, '1943-04-25'],
  ])('puts Easter %i on %s', (year, iso) => {
    expect(easterSunday(year)).toBe(iso);
  });

  it('refuses a year that is not an integer from 1 to 9999', () => {
    expect(() => easterSunday(2026.5)).toThrow(RangeError);
    expect(() => easterSunday(0)).toThrow(RangeError);
  });
});

describe('brazilianNationalHolidays', () => {
  it('lists the 2026 holidays', () => {
    expect([...brazilianNationalHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-02-16',
      '2026-02-17',
      '2026-04-03',
      '2026-04-21',
      '2026-05-01',
      '2026-06-04',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]);
  });

  it('puts 2026 Carnaval on 16 and 17 February, Sexta-feira Santa on 3 April and Corpus Christi on 4 June', () => {
    const holidays = brazilianNationalHolidays(2026);
    for (const iso of ['2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04']) {
      expect(holidays.has(iso), iso).toBe(true);
    }
    expect(holidays.has('2026-02-18')).toBe(false);
    expect(holidays.has('2026-04-05')).toBe(false);
  });

  it('counts Consciência Negra only from 2024, when it became national', () => {
    expect(brazilianNationalHolidays(2023).has('2023-11-20')).toBe(false);
    expect(brazilianNationalHolidays(2024).has('2024-11-20')).toBe(true);
  });

  it('returns a fresh set each time', () => {
    brazilianNationalHolidays(2026).delete('2026-12-25');
    expect(brazilianNationalHolidays(2026).has('2026-12-25')).toBe(true);
    expect(isBusinessDay('2026-12-25')).toBe(false);
  });

  it('matches @brazilian-utils national and optional holidays, plus Carnaval Monday, from 1901 to 2099', () => {
    for (let year = 1901; year <= 2099; year += 1) {
      const expected = new Set(
        getHolidays(year)
          .filter((holiday) => holiday.type === 'national' || holiday.type === 'optional')
          .map(({ date }) => utcIso(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()))),
      );
      // @brazilian-utils lists only Carnaval Tuesday; banks do not clear on the Monday either.
      expected.add(addDays(easterSunday(year), -48));
      expect([...brazilianNationalHolidays(year)].sort(), String(year)).toEqual([...expected].sort());
    }
  });
});

describe('isBusinessDay', () => {
  it('refuses 20/11/2026, a Friday that is a holiday', () => {
    expect(dayOfWeek('2026-11-20')).toBe(5);
    expect(isBusinessDay('2026-11-20')).toBe(false);
  });

  it('refuses Saturdays, Sundays and Easter-based holidays', () => {
    expect(isBusinessDay('2026-11-21')).toBe(false);
    expect(isBusinessDay('2026-11-22')).toBe(false);
    expect(isBusinessDay('2026-02-16')).toBe(false);
    expect(isBusinessDay('2026-02-17')).toBe(false);
    expect(isBusinessDay('2026-04-03')).toBe(false);
    expect(isBusinessDay('2026-06-04')).toBe(false);
  });

  it('accepts ordinary weekdays, Ash Wednesday included', () => {
    expect(isBusinessDay('2026-11-19')).toBe(true);
    expect(isBusinessDay('2026-11-23')).toBe(true);
    expect(isBusinessDay('2026-02-18')).toBe(true);
  });

  it('throws for an invalid date', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow(RangeError);
  });
});

describe('paymentDateOptions', () => {
  it('skips a holiday and a weekend', () => {
    expect(paymentDateOptions({ today: '2026-11-18', maxDueDate: '2026-11-25' })).toEqual([
      '2026-11-19',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
  });

  it('skips Carnaval', () => {
    expect(paymentDateOptions({ today: '2026-02-12', maxDueDate: '2026-02-19' })).toEqual([
      '2026-02-13',
      '2026-02-18',
      '2026-02-19',
    ]);
  });

  it('starts tomorrow and includes maxDueDate when it is a business day', () => {
    expect(paymentDateOptions({ today: '2026-11-23', maxDueDate: '2026-11-24' })).toEqual(['2026-11-24']);
  });

  it('is empty when maxDueDate is today or earlier, or when no business day fits', () => {
    expect(paymentDateOptions({ today: '2026-11-23', maxDueDate: '2026-11-23' })).toEqual([]);
    expect(paymentDateOptions({ today: '2026-11-23', maxDueDate: '2026-11-01' })).toEqual([]);
    expect(paymentDateOptions({ today: '2026-11-19', maxDueDate: '2026-11-22' })).toEqual([]);
  });

  it('offers at most 30 business days, the window growing by each skipped day', () => {
    const options = paymentDateOptions({ today: '2026-01-02', maxDueDate: '2026-12-31' });
    expect(options).toHaveLength(30);
    expect(options[0]).toBe('2026-01-05');
    expect(options.at(-1)).toBe('2026-02-13');
  });

  it('throws for dates that are not ISO', () => {
    expect(() => paymentDateOptions({ today: '18/11/2026', maxDueDate: '2026-11-25' })).toThrow(RangeError);
  });

  it('gives ascending business days after today, up to maxDueDate, at most 30, and skips none', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -10, max: 120 }), (today, span) => {
        const maxDueDate = addDays(today, span);
        const options = paymentDateOptions({ today, maxDueDate });
        expect(options.length).toBeLessThanOrEqual(30);
        options.forEach((day, i) => {
          expect(isBusinessDay(day)).toBe(true);
          expect(day > today && day <= maxDueDate).toBe(true);
          if (i > 0) expect(day > (options[i - 1] ?? '')).toBe(true);
        });
        const last = options.at(-1) ?? today;
        const end = options.length === 30 ? last : maxDueDate;
        for (let day = addDays(today, 1); day <= end; day = addDays(day, 1)) {
          expect(options.includes(day)).toBe(isBusinessDay(day));
        }
      }),
    );
  });
});

describe('defaultPaymentDate', () => {
  const options = ['2026-11-19', '2026-11-23', '2026-11-24'];

  it('picks the preferred date when it is offered', () => {
    expect(defaultPaymentDate(options, '2026-11-23')).toBe('2026-11-23');
  });

  it('falls back to the first option', () => {
    expect(defaultPaymentDate(options, '2026-11-20')).toBe('2026-11-19');
    expect(defaultPaymentDate(options)).toBe('2026-11-19');
  });

  it('returns undefined when nothing is offered', () => {
    expect(defaultPaymentDate([], '2026-11-20')).toBeUndefined();
  });
});

describe('addBusinessDays and businessDaysBetween (STJ Súmula 548: five business days)', () => {
  it('counts from the next business day, skipping weekends and national holidays', () => {
    // Friday 27/11/2026: Monday 30/11 is the first of the five
    expect(addBusinessDays('2026-11-27', 5)).toBe('2026-12-04');
    // Thursday 19/11/2026: Friday 20/11 is Consciência Negra
    expect(addBusinessDays('2026-11-19', 1)).toBe('2026-11-23');
    // Wednesday 23/12/2026: 24, then Christmas and the weekend, then 28, 29, 30 and 31/12
    expect(addBusinessDays('2026-12-23', 5)).toBe('2026-12-31');
    expect(addBusinessDays('2026-12-28', 4)).toBe('2027-01-04');
    expect(addBusinessDays('2026-11-24', 0)).toBe('2026-11-24');
    expect(() => addBusinessDays('2026-11-24', -1)).toThrow(RangeError);
  });

  it('is the inverse of businessDaysBetween, as judged day by day with brazilian-utils’ holidays', () => {
    // brazilian-utils' national and optional holidays, plus Carnaval Monday (see brazilianNationalHolidays)
    const holidays = new Map<number, Set<string>>();
    const holidaysOf = (year: number) => {
      let set = holidays.get(year);
      if (!set) {
        set = new Set(
          getHolidays(year)
            .filter((holiday) => holiday.type === 'national' || holiday.type === 'optional')
            .map(({ date }) => utcIso(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()))),
        );
        set.add(addDays(easterSunday(year), -48));
        holidays.set(year, set);
      }
      return set;
    };
    const businessDay = (iso: string) => {
      const weekday = new Date(`${iso}T12:00:00Z`).getUTCDay();
      return weekday !== 0 && weekday !== 6 && !holidaysOf(Number(iso.slice(0, 4))).has(iso);
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 0, max: 20 }), (offset, n) => {
        const from = addDays('2024-01-01', offset);
        const to = addBusinessDays(from, n);
        expect(businessDaysBetween(from, to)).toBe(n);
        let count = 0;
        for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (businessDay(day)) count += 1;
        expect(count).toBe(n);
        if (n > 0) expect(businessDay(to)).toBe(true);
      }),
      { numRuns: 300 },
    );
    expect(businessDaysBetween('2026-12-04', '2026-11-27')).toBe(0);
  });
});

describe('monthlyOnDay', () => {
  it('starts on the first such day strictly after today, the same month when it is still to come', () => {
    expect(monthlyOnDay('2026-05-10', 12, 3)).toEqual(['2026-05-12', '2026-06-12', '2026-07-13']);
    // the day itself is not after today: the next month's
    expect(monthlyOnDay('2026-04-15', 15, 2)).toEqual(['2026-05-15', '2026-06-15']);
    expect(monthlyOnDay('2026-12-20', 5, 3)).toEqual(['2027-01-05', '2027-02-05', '2027-03-05']);
  });

  it('moves a date on a weekend or a national holiday to the next business day, and only that one', () => {
    // Sunday 15/03/2026
    expect(monthlyOnDay('2026-03-10', 15, 2)).toEqual(['2026-03-16', '2026-04-15']);
    // Finados (Monday 02/11), then Saturday 02/01/2027
    expect(monthlyOnDay('2026-10-30', 2, 3)).toEqual(['2026-11-03', '2026-12-02', '2027-01-04']);
    // Sexta-feira Santa (03/04) and the weekend after it
    expect(monthlyOnDay('2026-04-01', 3, 2)).toEqual(['2026-04-06', '2026-05-04']);
    // Carnaval (16 and 17/02/2026)
    expect(monthlyOnDay('2026-02-01', 16, 2)).toEqual(['2026-02-18', '2026-03-16']);
    // Consciência Negra, a Friday
    expect(monthlyOnDay('2026-11-01', 20, 1)).toEqual(['2026-11-23']);
  });

  it('gives nothing for no instalments, and refuses a day past 28, a fraction or a bad date', () => {
    expect(monthlyOnDay('2026-05-10', 10, 0)).toEqual([]);
    expect(() => monthlyOnDay('2026-05-10', 29, 1)).toThrow(RangeError);
    expect(() => monthlyOnDay('2026-05-10', 0, 1)).toThrow(RangeError);
    expect(() => monthlyOnDay('2026-05-10', 1.5, 1)).toThrow(RangeError);
    expect(() => monthlyOnDay('2026-05-10', 10, -1)).toThrow(RangeError);
    expect(() => monthlyOnDay('10/05/2026', 10, 1)).toThrow(RangeError);
  });

  it('gives, month after month, the first business day from the day asked, the first after today', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 1, max: 14 }),
        (today, dia, n) => {
          const dates = monthlyOnDay(today, dia, n);
          expect(dates).toHaveLength(n);
          // the first day `dia` after today, found day by day
          let nominal = addDays(today, 1);
          while (Number(nominal.slice(8)) !== dia) nominal = addDays(nominal, 1);
          dates.forEach((date, k) => {
            expect(isBusinessDay(date)).toBe(true);
            expect(date >= nominal).toBe(true);
            for (let day = nominal; day < date; day = addDays(day, 1)) expect(isBusinessDay(day)).toBe(false);
            if (k > 0) expect(date > (dates[k - 1] ?? '')).toBe(true);
            // the same day of the next month (28 at most: every month has it)
            const next = addDays(`${nominal.slice(0, 8)}28`, 4);
            nominal = `${next.slice(0, 8)}${String(dia).padStart(2, '0')}`;
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('instalmentDates', () => {
  it("keeps the first's day each month, moved past weekends and holidays, and a short month's last day", () => {
    // 15/01/2027 Friday, 15/02 Monday, 15/03 Monday, 15/05/2027 Saturday → Monday 17/05
    expect(instalmentDates('2026-12-15', 5, 'mesmo-dia')).toEqual([
      '2026-12-15',
      '2027-01-15',
      '2027-02-15',
      '2027-03-15',
      '2027-04-15',
      '2027-05-17',
    ]);
    // the 31st in February is its 28th; in April, its 30th
    expect(instalmentDates('2027-01-29', 3, 'mesmo-dia')).toEqual([
      '2027-01-29',
      '2027-03-01',
      '2027-03-29',
      '2027-04-29',
    ]);
    // 31/01/2027 is a Sunday; 28/02/2027 too
    expect(instalmentDates('2026-12-31', 2, 'mesmo-dia')).toEqual(['2026-12-31', '2027-02-01', '2027-03-01']);
  });

  it('keeps the day asked for when the first had to move past a weekend', () => {
    // day 6: Sunday 06/12/2026 moves to Monday 07/12; January keeps the 6th; Saturday 06/02/2027 passes
    // Carnaval (08–09/02) to Wednesday 10/02
    expect(instalmentDates('2026-12-07', 2, 'mesmo-dia', 6)).toEqual([
      '2026-12-07',
      '2027-01-06',
      '2027-02-10',
    ]);
  });

  it('steps 30 days at a time from the first, as some creditors do', () => {
    expect(instalmentDates('2026-12-15', 3, '30-dias')).toEqual([
      '2026-12-15',
      '2027-01-14',
      '2027-02-15',
      '2027-03-15',
    ]);
  });

  it('is only the first with no more instalments, and refuses a count that is not one', () => {
    expect(instalmentDates('2026-12-15', 0, 'mesmo-dia')).toEqual(['2026-12-15']);
    expect(() => instalmentDates('2026-12-15', -1, '30-dias')).toThrow(RangeError);
  });
});
