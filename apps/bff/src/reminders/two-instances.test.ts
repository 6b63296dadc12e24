import { hostname } from 'node:os';
import { type AppProcess, startBffProcess } from '@portal/test-kit/app-process';
import { reminderHoursNow, startPushReceiver } from '@portal/test-kit/push-receiver';
import { testKysely } from '@portal/test-kit/test-database';
import { addDays, todayInBrazil } from '@portal/validation/dates';
import { afterAll, beforeAll, expect, it } from 'vitest';
import webpush from 'web-push';
import { createReminders } from '../db/reminders';

// Two BFF processes as ops run them, on the file's database, sweeping 1,000 push reminders due while one of
// them is killed with requests in flight. The judge is a local push service that decrypts each message
// under its browser's keys and verifies its VAPID signature: every reminder arrives once.

const keys = webpush.generateVAPIDKeys();
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
const running: AppProcess[] = [];

beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(async () => {
  receiver?.release();
  for (const p of running) p.kill('SIGKILL');
  await Promise.all(running.map((p) => p.exited));
  await receiver?.close();
});

const start = async () => {
  const instance = await startBffProcess({
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    PUSH_SERVICES: receiver.origin,
    REMINDER_SWEEP_MS: '100',
    REMINDER_LEASE_MS: '3000',
    REMINDER_CONCURRENCY: '8',
    // the answers held while A dies must not time out at B: a timeout is a retry five minutes later
    PUSH_TIMEOUT_MS: '120000',
    ...reminderHoursNow(),
    UPSTREAM_URL: 'http://127.0.0.1:9',
  });
  running.push(instance);
  return instance;
};

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

it('1,000 reminders due, two instances, one killed mid-sweep: each is delivered once', async () => {
  const [a, b] = await Promise.all([start(), start()]);
  receiver.holdAfter(300);
  const reminders = createReminders(testKysely());
  const now = new Date();
  const venceEm = addDays(todayInBrazil(now), 3);
  // 20 people, a browser each, 50 instalments each: 1,000 reminders, due a minute ago
  for (let p = 0; p < 20; p += 1) {
    const owner = `k1:two-instances-${p}`;
    await reminders.subscribe(owner, receiver.subscribe(), now);
    const planned = Array.from({ length: 50 }, (_, i) => ({
      numero: i + 1,
      venceEm,
      dias: 3,
      sendAt: new Date(now.getTime() - 60_000),
      credor: 'Ipê Eletro',
    }));
    await reminders.plan(owner, [owner], { codcredor: '1002', contrato: `C${p}` }, planned);
  }
  // Once 300 are delivered, every answer waits: both instances have messages in flight, and A dies with
  // its own unanswered.
  await until('messages in flight', () => receiver.heldCount() >= 12);
  expect(receiver.received).toHaveLength(300);
  const claimedByA = `${hostname()}:${a.child.pid}:`;
  const inFlightOfA = await testKysely()
    .selectFrom('push_reminders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('state', '=', 'enviando')
    .where('claimed_by', 'like', `${claimedByA}%`)
    .executeTakeFirstOrThrow();
  expect(Number(inFlightOfA.n)).toBeGreaterThan(0);
  a.kill('SIGKILL');
  await a.exited;
  await new Promise((r) => setTimeout(r, 200));
  receiver.release();

  // B sends the rest, and what A had claimed once A's lease has run out.
  await until(
    'every reminder delivered',
    () => new Set(receiver.received.map((r) => r.payload.lembrete)).size >= 1000,
    120_000,
  );
  await new Promise((r) => setTimeout(r, 500));
  const ids = receiver.received.map((r) => String(r.payload.lembrete));
  expect(ids).toHaveLength(1000);
  expect(new Set(ids).size).toBe(1000);
  expect(receiver.refused).toEqual([]);
  const rows = await testKysely().selectFrom('push_reminders').select(['id', 'state']).execute();
  expect(rows).toHaveLength(1000);
  expect(rows.every((r) => r.state === 'enviado')).toBe(true);
  expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ids));
  expect(b.child.exitCode).toBeNull();
}, 240_000);
