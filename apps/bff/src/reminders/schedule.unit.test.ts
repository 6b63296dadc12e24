import { reminderHoursNow } from '@portal/test-kit/push-receiver';
import { addDays, todayInBrazil } from '@portal/validation/dates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  inQuietHours,
  outOfQuietHours,
  plannedReminders,
  quietFrom,
  reminderText,
  sendAtFor,
} from './schedule';

const QUIET = { from: 21, to: 8 };
const WINDOW = { quiet: QUIET, sendHour: 9 };
const at = (day: string, time: string) => new Date(`${day}T${time}:00-03:00`);
const atHourOf = (hour: number) => at('2026-12-01', `${String(hour).padStart(2, '0')}:00`);
const hourInBrasilia = (d: Date) => new Date(d.getTime() - 3 * 3_600_000).getUTCHours();

describe('the quiet hours (21:00 to 08:00 in Brasília)', () => {
  it('holds at every minute of the night and at none of the day', () => {
    expect(inQuietHours(at('2026-12-01', '20:59'), QUIET)).toBe(false);
    expect(inQuietHours(at('2026-12-01', '21:00'), QUIET)).toBe(true);
    expect(inQuietHours(at('2026-12-02', '07:59'), QUIET)).toBe(true);
    expect(inQuietHours(at('2026-12-02', '08:00'), QUIET)).toBe(false);
    // a window that does not cross midnight
    expect(inQuietHours(at('2026-12-02', '13:30'), { from: 13, to: 15 })).toBe(true);
    expect(inQuietHours(at('2026-12-02', '15:00'), { from: 13, to: 15 })).toBe(false);
  });

  it('moves any moment out of them, to 08:00 the same or the next day', () => {
    expect(outOfQuietHours(at('2026-12-01', '22:10'), QUIET)).toEqual(at('2026-12-02', '08:00'));
    expect(outOfQuietHours(at('2026-12-02', '03:00'), QUIET)).toEqual(at('2026-12-02', '08:00'));
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01'), max: new Date('2028-01-01'), noInvalidDate: true }),
        (d) => {
          const moved = outOfQuietHours(d, QUIET);
          expect(inQuietHours(moved, QUIET)).toBe(false);
          expect(moved.getTime()).toBeGreaterThanOrEqual(d.getTime());
          expect(moved.getTime() - d.getTime()).toBeLessThanOrEqual(11 * 3_600_000);
          expect(quietFrom(d, QUIET).getTime()).toBeGreaterThan(d.getTime());
          expect(hourInBrasilia(quietFrom(d, QUIET))).toBe(21);
        },
      ),
    );
  });
});

describe('when a reminder is sent', () => {
  const due = '2026-12-10';
  it('at 09:00 on its day, or later that day when asked after 09:00, never for a day gone by', () => {
    expect(sendAtFor(due, 3, at('2026-12-01', '12:00'), WINDOW)).toEqual(at('2026-12-07', '09:00'));
    expect(sendAtFor(due, 3, at('2026-12-07', '15:30'), WINDOW)).toEqual(at('2026-12-07', '15:30'));
    expect(sendAtFor(due, 3, at('2026-12-07', '06:00'), WINDOW)).toEqual(at('2026-12-07', '09:00'));
    expect(sendAtFor(due, 3, at('2026-12-07', '21:30'), WINDOW)).toBeNull();
    expect(sendAtFor(due, 3, at('2026-12-08', '10:00'), WINDOW)).toBeNull();
    expect(sendAtFor(due, 0, at('2026-12-10', '20:59'), WINDOW)).toEqual(at('2026-12-10', '20:59'));
    // another send hour
    expect(sendAtFor(due, 3, at('2026-12-01', '12:00'), { quiet: QUIET, sendHour: 14 })).toEqual(
      at('2026-12-07', '14:00'),
    );
  });

  it('never in the quiet hours, for any day, offset and moment asked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom(7, 3, 1, 0),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.integer({ min: 0, max: 20 }),
        (offset, dias, minute, daysBefore) => {
          const dueDay = addDays('2026-01-01', offset);
          const now = new Date(at(addDays(dueDay, -daysBefore), '00:00').getTime() + minute * 60_000);
          const sendAt = sendAtFor(dueDay, dias, now, WINDOW);
          if (sendAt === null) return;
          expect(inQuietHours(sendAt, QUIET)).toBe(false);
          expect(sendAt.getTime()).toBeGreaterThanOrEqual(now.getTime());
        },
      ),
    );
  });

  it('plans each open instalment for each day chosen, and says only its number and the creditor', () => {
    const planned = plannedReminders(
      [
        { numero: 4, vencimento: '2026-12-10' },
        { numero: 5, vencimento: '2027-01-11' },
      ],
      [3, 0],
      'Ipê Eletro',
      at('2026-12-08', '10:00'),
      WINDOW,
    );
    expect(planned.map((p) => [p.numero, p.dias])).toEqual([
      [4, 0],
      [5, 3],
      [5, 0],
    ]);
    expect(reminderText(4, 'Ipê Eletro', 3)).toBe('Sua parcela 4 com Ipê Eletro vence em 3 dias');
    expect(reminderText(4, 'Ipê Eletro', 1)).toBe('Sua parcela 4 com Ipê Eletro vence amanhã');
    expect(reminderText(4, 'Ipê Eletro', 0)).toBe('Sua parcela 4 com Ipê Eletro vence hoje');
  });
});

describe("the suites' reminder hours (test-kit's reminderHoursNow)", () => {
  it('make a reminder due today due at once for 90 minutes after they are read, across midnight too', () => {
    const day = Date.parse('2026-12-01T00:00:00-03:00');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.integer({ min: 0, max: 90 }),
        (read, later) => {
          const readAt = new Date(day + read * 60_000);
          const hours = reminderHoursNow(readAt);
          const [from, to] = hours.REMINDER_QUIET_HOURS.split('-').map(Number);
          const window = {
            quiet: { from: from ?? 0, to: to ?? 0 },
            sendHour: Number(hours.REMINDER_SEND_HOUR),
          };
          const now = new Date(readAt.getTime() + later * 60_000);
          expect(inQuietHours(now, window.quiet)).toBe(false);
          expect(inQuietHours(atHourOf(window.sendHour), window.quiet)).toBe(false);
          expect(sendAtFor(todayInBrazil(now), 0, now, window)).toEqual(now);
        },
      ),
    );
  });
});
