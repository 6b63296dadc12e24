import { todayInBrazil } from '@portal/validation/dates';
import type { Reminders } from '../db/reminders';
import type { PushSender } from '../push/web-push';
import { inQuietHours, outOfQuietHours, type QuietHours, quietFrom, reminderText } from './schedule';

const RETRY_MS = 5 * 60_000;

/** What a sweep did. */
interface SweepResult {
  sent: number;
  retried: number;
  gone: number;
}

interface SweepDeps {
  reminders: Reminders;
  push: PushSender;
  /** this instance's name in the claims it holds */
  instance: string;
  now?: () => Date;
  /** reminders claimed at a time, and sent at once */
  batch?: number;
  concurrency: number;
  leaseMs: number;
  quiet: QuietHours;
}

/**
 * Sends every push reminder due, outside the quiet hours: claims a batch (no other instance gets it while
 * the lease lasts), sends each with at most `concurrency` in flight, marks it sent once its push service
 * accepted it, and goes on until nothing is due. The notification carries the reminder's own id, which
 * the tap brings back: never the contract, an amount or a code.
 */
export async function sweepReminders({
  reminders,
  push,
  instance,
  now = () => new Date(),
  batch = 100,
  concurrency,
  leaseMs,
  quiet,
}: SweepDeps): Promise<SweepResult> {
  const result: SweepResult = { sent: 0, retried: 0, gone: 0 };
  for (;;) {
    const at = now();
    if (inQuietHours(at, quiet)) return result;
    const claimed = await reminders.claim(instance, at, todayInBrazil(at), batch, leaseMs);
    if (claimed.length === 0) return result;
    const queue = [...claimed];
    const worker = async () => {
      for (let reminder = queue.shift(); reminder; reminder = queue.shift()) {
        const payload = JSON.stringify({
          titulo: 'Negocia Varejo',
          texto: reminderText(reminder.numero, reminder.credor, reminder.dias),
          lembrete: reminder.id,
        });
        // a copy the push service still holds when the quiet hours begin is dropped, not delivered at night
        const ttlSeconds = Math.max(60, Math.floor((quietFrom(at, quiet).getTime() - at.getTime()) / 1000));
        const outcome = await push.send(reminder.target, payload, {
          topic: reminder.id.slice(0, 32),
          ttlSeconds,
        });
        if (outcome === 'aceito') {
          await reminders.settle(reminder.id, instance, { state: 'enviado' });
          result.sent++;
        } else if (outcome === 'sem-inscricao') {
          await reminders.settle(reminder.id, instance, { state: 'sem-inscricao' });
          result.gone++;
        } else {
          const retryAt = outOfQuietHours(new Date(now().getTime() + RETRY_MS), quiet);
          await reminders.settle(reminder.id, instance, { state: 'tentar', at: retryAt });
          result.retried++;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
  }
}
