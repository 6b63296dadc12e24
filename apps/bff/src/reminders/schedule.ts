import { addDays, todayInBrazil } from '@portal/validation/dates';
import type { PlannedReminder } from '../db/reminders';

/** Brasília keeps UTC−3 all year (no daylight saving time since 2019). */
const BRASILIA_OFFSET = '-03:00';
const HOUR_MS = 60 * 60_000;

/** The night's hours in Brasília when nothing is sent: from `from`:00 to `to`:00 (21 to 8 by default). */
export interface QuietHours {
  from: number;
  to: number;
}

/** When reminders go: the quiet hours, and the hour a reminder is sent on its day (9 by default). */
export interface SendWindow {
  quiet: QuietHours;
  sendHour: number;
}

/** The moment `hour`:00 of an ISO day in Brasília. */
const atHour = (day: string, hour: number) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:00:00${BRASILIA_OFFSET}`);

const hourInBrasilia = (at: Date) => new Date(at.getTime() - 3 * HOUR_MS).getUTCHours();

export function inQuietHours(at: Date, { from, to }: QuietHours): boolean {
  const hour = hourInBrasilia(at);
  return from > to ? hour >= from || hour < to : hour >= from && hour < to;
}

/** `at`, or the end of the quiet hours it falls in. */
export function outOfQuietHours(at: Date, quiet: QuietHours): Date {
  if (!inQuietHours(at, quiet)) return at;
  const day = todayInBrazil(at);
  return hourInBrasilia(at) < quiet.to ? atHour(day, quiet.to) : atHour(addDays(day, 1), quiet.to);
}

/**
 * The last moment a reminder of the day `at` falls in may arrive: the next start of the quiet hours. A copy
 * the push service still holds then is dropped, not delivered at night.
 */
export function quietFrom(at: Date, quiet: QuietHours): Date {
  const day = todayInBrazil(at);
  const tonight = atHour(day, quiet.from);
  return tonight > at ? tonight : atHour(addDays(day, 1), quiet.from);
}

/**
 * When to send the reminder `dias` days before `venceEm`: at the send hour (09:00) in Brasília that day (or when the quiet
 * hours end, if later); later that same day when the person asks after that time; null when its day has
 * gone by or only quiet hours are left of it.
 */
export function sendAtFor(
  venceEm: string,
  dias: number,
  now: Date,
  { quiet, sendHour }: SendWindow,
): Date | null {
  const day = addDays(venceEm, -dias);
  const planned = outOfQuietHours(atHour(day, sendHour), quiet);
  const at = planned >= now ? planned : outOfQuietHours(now, quiet);
  return todayInBrazil(at) === day ? at : null;
}

/** An open instalment of an agreement, as reminders need it. */
interface OpenInstalment {
  numero: number;
  /** ISO date */
  vencimento: string;
}

/** Every reminder of the open instalments, for the days chosen, from now on. */
export function plannedReminders(
  instalments: readonly OpenInstalment[],
  dias: readonly number[],
  credor: string,
  now: Date,
  window: SendWindow,
): PlannedReminder[] {
  return instalments.flatMap((p) =>
    dias.flatMap((d) => {
      const sendAt = sendAtFor(p.vencimento, d, now, window);
      return sendAt ? [{ numero: p.numero, venceEm: p.vencimento, dias: d, sendAt, credor }] : [];
    }),
  );
}

/** What the notification says: the instalment and the creditor, never an amount, a code or a document. */
export function reminderText(numero: number, credor: string, dias: number): string {
  const when = dias === 0 ? 'vence hoje' : dias === 1 ? 'vence amanhã' : `vence em ${dias} dias`;
  return `Sua parcela ${numero} com ${credor} ${when}`;
}
