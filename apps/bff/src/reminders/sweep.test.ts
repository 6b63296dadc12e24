import { startPushReceiver } from '@portal/test-kit/push-receiver';
import { testKysely } from '@portal/test-kit/test-database';
import { addDays, todayInBrazil } from '@portal/validation/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createReminders } from '../db/reminders';
import { createPushSender } from '../push/web-push';
import { plannedReminders } from './schedule';
import { sweepReminders } from './sweep';

// The sweep over the file's real database and a local push service that decrypts what it gets.

const QUIET = { from: 21, to: 8 };
const WINDOW = { quiet: QUIET, sendHour: 9 };
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
const keys = webpush.generateVAPIDKeys();
let push: ReturnType<typeof createPushSender>;
const reminders = () => createReminders(testKysely());

beforeAll(async () => {
  receiver = await startPushReceiver();
  push = createPushSender({
    ...keys,
    subject: 'mailto:seguranca@negociavarejo.com.br',
    services: [receiver.origin],
    timeoutMs: 2_000,
  });
});
afterAll(() => receiver?.close());

/** 10:00 in Brasília on `day`. */
const morningOf = (day: string) => new Date(`${day}T10:00:00-03:00`);
const today = todayInBrazil();
let n = 0;
/** A person of the test's own, with one subscribed browser and Ipê Eletro's instalments 1..count due in `days`. */
async function personWith(count: number, days: number, at: Date) {
  n += 1;
  const owner = `k1:owner-${n}-${Math.random()}`;
  const subscription = receiver.subscribe();
  await reminders().subscribe(owner, subscription, at);
  const on = { codcredor: '1002', contrato: `C-${n}` };
  const instalments = Array.from({ length: count }, (_, i) => ({
    numero: i + 1,
    vencimento: addDays(todayInBrazil(at), days),
  }));
  await reminders().plan(owner, [owner], on, plannedReminders(instalments, [days], 'Ipê Eletro', at, WINDOW));
  return { owner, on, subscription, instalments };
}
const sweep = (now: Date, instance = 'a') =>
  sweepReminders({
    reminders: reminders(),
    push,
    instance,
    now: () => now,
    concurrency: 4,
    leaseMs: 60_000,
    quiet: QUIET,
  });
const receivedBy = (endpoint: string) =>
  receiver.received.filter((r) => endpoint.endsWith(`/${r.subscription}`));

describe('the reminder sweep', () => {
  it('sends each due reminder once, encrypted for its browser, naming only the instalment and the creditor', async () => {
    const at = morningOf(today);
    const { subscription } = await personWith(3, 0, new Date(at.getTime() - 3_600_000));
    expect(await sweep(at)).toMatchObject({ sent: 3 });
    expect(await sweep(at)).toMatchObject({ sent: 0 });
    const got = receivedBy(subscription.endpoint);
    expect(got.map((r) => r.payload.texto).sort()).toEqual([
      'Sua parcela 1 com Ipê Eletro vence hoje',
      'Sua parcela 2 com Ipê Eletro vence hoje',
      'Sua parcela 3 com Ipê Eletro vence hoje',
    ]);
    for (const r of got) {
      expect(Object.keys(r.payload).sort()).toEqual(['lembrete', 'texto', 'titulo']);
      expect(r.topic).toBe(String(r.payload.lembrete).slice(0, 32));
      // no copy outlives the evening: 21:00 is 11 hours after 10:00
      expect(r.ttl).toBe(11 * 3600);
    }
    expect(receiver.refused).toEqual([]);
  });

  it('sends nothing in the quiet hours, and the morning after sends what was due', async () => {
    const evening = new Date(`${today}T21:30:00-03:00`);
    const { subscription } = await personWith(1, 1, new Date(`${today}T09:30:00-03:00`));
    expect(await sweep(evening)).toEqual({ sent: 0, retried: 0, gone: 0 });
    const dawn = new Date(`${addDays(today, 1)}T07:59:00-03:00`);
    expect(await sweep(dawn)).toEqual({ sent: 0, retried: 0, gone: 0 });
    expect(receivedBy(subscription.endpoint)).toHaveLength(0);
  });

  it('honours a pause and a stop at once, and a paid instalment is no longer reminded', async () => {
    const before = new Date(`${today}T08:30:00-03:00`);
    const at = morningOf(today);
    const paused = await personWith(2, 0, before);
    await reminders().choose(
      paused.owner,
      [paused.owner],
      {
        canais: ['push'],
        dias: [0],
        pausedUntil: new Date(at.getTime() + 30 * 86_400_000),
        stopped: false,
      },
      before,
    );
    const stopped = await personWith(2, 0, before);
    await reminders().choose(
      stopped.owner,
      [stopped.owner],
      { canais: ['push'], dias: [0], pausedUntil: null, stopped: true },
      before,
    );
    const paid = await personWith(2, 0, before);
    // instalment 1 was paid: the plan from the agreement read again holds only instalment 2
    await reminders().plan(
      paid.owner,
      [paid.owner],
      paid.on,
      plannedReminders(paid.instalments.slice(1), [0], 'Ipê Eletro', before, WINDOW),
    );
    await sweep(at);
    expect(receivedBy(paused.subscription.endpoint)).toHaveLength(0);
    expect(receivedBy(stopped.subscription.endpoint)).toHaveLength(0);
    expect(receivedBy(paid.subscription.endpoint).map((r) => r.payload.texto)).toEqual([
      'Sua parcela 2 com Ipê Eletro vence hoje',
    ]);
  });

  it('forgets a browser whose push service says it is gone (410), with its reminders', async () => {
    const at = morningOf(today);
    const gone = await personWith(2, 0, new Date(at.getTime() - 60_000));
    receiver.unsubscribe(gone.subscription.endpoint);
    expect(await sweep(at)).toMatchObject({ gone: 2 });
    expect(await reminders().subscriptions([gone.owner])).toBe(0);
    const rows = await testKysely()
      .selectFrom('push_reminders')
      .selectAll()
      .where('owner', '=', gone.owner)
      .execute();
    expect(rows).toEqual([]);
  });

  it('two sweeps at once share the due reminders: each is sent by one of them, once', async () => {
    const at = morningOf(today);
    const people = await Promise.all(
      Array.from({ length: 5 }, () => personWith(40, 0, new Date(at.getTime() - 60_000))),
    );
    const before = receiver.received.length;
    const [a, b] = await Promise.all([sweep(at, 'one'), sweep(at, 'two')]);
    expect(a.sent + b.sent).toBe(200);
    const ids = receiver.received.slice(before).map((r) => r.payload.lembrete);
    expect(new Set(ids).size).toBe(200);
    expect(ids).toHaveLength(200);
    const states = await testKysely()
      .selectFrom('push_reminders')
      .select('state')
      .where(
        'owner',
        'in',
        people.map((p) => p.owner),
      )
      .execute();
    expect(states.every((s) => s.state === 'enviado')).toBe(true);
  });
});
