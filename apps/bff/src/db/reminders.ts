import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { PushTarget } from '../push/web-push';
import { failingWhole } from './records';
import type { PushReminderState, Schema } from './schema';

/** Where a reminder reaches the person: this phone (Web Push), e-mail, SMS. */
export type Channel = 'push' | 'email' | 'sms';

/** What a person chose for their reminders. */
export interface ReminderChoice {
  canais: Channel[];
  /** days before each due date, 0 the day itself */
  dias: number[];
  pausedUntil: Date | null;
  stopped: boolean;
}

/** A reminder the schedule wants on every subscribed browser: an instalment, a day before it. */
export interface PlannedReminder {
  numero: number;
  /** ISO date */
  venceEm: string;
  dias: number;
  sendAt: Date;
  credor: string;
}

export interface ClaimedReminder {
  id: string;
  credor: string;
  numero: number;
  dias: number;
  venceEm: string;
  subscriptionId: string;
  target: PushTarget;
}

/** What became of a claimed reminder. */
export type Settled = { state: 'enviado' } | { state: 'sem-inscricao' } | { state: 'tentar'; at: Date };

type Contract = { codcredor: string; contrato: string };

/** A reminder tried this many times without a push service accepting it is given up. */
const MAX_ATTEMPTS = 5;

/**
 * The reminders' tables (migration 0002). Push reminders are sent exactly once across instances: `claim`
 * takes due rows with FOR UPDATE SKIP LOCKED and leases them to one instance; a row is 'enviado' only
 * after the push service accepted it, and a lease that ran out (a killed instance) returns the row to the
 * next sweep.
 */
export interface Reminders {
  choice(owners: readonly string[]): Promise<ReminderChoice | null>;
  /** Keeps the choice; a stop or a pause cancels at once the push reminders it covers. */
  choose(owner: string, owners: readonly string[], choice: ReminderChoice, at: Date): Promise<void>;
  remind(owner: string, on: Contract, at: Date): Promise<void>;
  reminded(owners: readonly string[]): Promise<Contract[]>;
  /** Keeps a browser's subscription (an endpoint another person held moves to this one). */
  subscribe(owner: string, target: PushTarget, at: Date): Promise<void>;
  unsubscribe(owners: readonly string[], endpoint: string): Promise<void>;
  subscriptions(owners: readonly string[]): Promise<number>;
  /**
   * The contract's push reminders from now on: every pending one not planned any more goes (a paid
   * instalment, a moved date), every planned one not sent yet is added for each subscription.
   */
  plan(owner: string, owners: readonly string[], on: Contract, planned: PlannedReminder[]): Promise<void>;
  /** The contract a notification's tap names, when that reminder is the person's. */
  target(owners: readonly string[], id: string): Promise<Contract | null>;
  claim(
    instance: string,
    now: Date,
    today: string,
    limit: number,
    leaseMs: number,
  ): Promise<ClaimedReminder[]>;
  settle(id: string, instance: string, outcome: Settled): Promise<void>;
  /** The account's deletion: its choice, subscriptions and reminders. */
  erase(owners: readonly string[]): Promise<void>;
}

export function createReminders(
  db: Kysely<Schema>,
  onFailure: (err: unknown) => void = () => undefined,
): Reminders {
  return failingWhole(remindersOver(db), onFailure);
}

const newId = () => randomBytes(16).toString('base64url');

function remindersOver(db: Kysely<Schema>): Reminders {
  const cancelCovered = (owners: readonly string[], choice: ReminderChoice) => {
    if (!choice.stopped && !choice.pausedUntil) return Promise.resolve();
    let query = db
      .updateTable('push_reminders')
      .set({ state: 'cancelado' })
      .where('owner', 'in', owners)
      .where('state', '=', 'pendente');
    if (!choice.stopped && choice.pausedUntil) query = query.where('send_at', '<', choice.pausedUntil);
    return query.execute();
  };

  return {
    async choice(owners) {
      if (owners.length === 0) return null;
      const rows = await db
        .selectFrom('reminder_settings')
        .selectAll()
        .where('owner', 'in', owners)
        .execute();
      const row = owners.map((o) => rows.find((r) => r.owner === o)).find((r) => r !== undefined);
      return row
        ? {
            canais: row.canais as Channel[],
            dias: row.dias,
            pausedUntil: row.paused_until ? new Date(row.paused_until) : null,
            stopped: row.stopped,
          }
        : null;
    },

    async choose(owner, owners, choice, at) {
      await db.transaction().execute(async (tx) => {
        const values = {
          canais: JSON.stringify(choice.canais),
          dias: JSON.stringify(choice.dias),
          paused_until: choice.pausedUntil,
          stopped: choice.stopped,
          updated_at: at,
        };
        await tx
          .deleteFrom('reminder_settings')
          .where('owner', 'in', owners)
          .where('owner', '!=', owner)
          .execute();
        await tx
          .insertInto('reminder_settings')
          .values({ owner, ...values })
          .onConflict((c) => c.column('owner').doUpdateSet(values))
          .execute();
        if (!choice.canais.includes('push')) {
          await tx
            .updateTable('push_reminders')
            .set({ state: 'cancelado' })
            .where('owner', 'in', owners)
            .where('state', '=', 'pendente')
            .execute();
        }
      });
      await cancelCovered(owners, choice);
    },

    async remind(owner, { codcredor, contrato }, at) {
      await db
        .insertInto('reminded_agreements')
        .values({ owner, codcredor, contrato, created_at: at })
        .onConflict((c) => c.columns(['owner', 'codcredor', 'contrato']).doNothing())
        .execute();
    },

    async reminded(owners) {
      if (owners.length === 0) return [];
      return db
        .selectFrom('reminded_agreements')
        .select(['codcredor', 'contrato'])
        .where('owner', 'in', owners)
        .orderBy('created_at')
        .execute();
    },

    async subscribe(owner, { endpoint, keys }, at) {
      await db
        .insertInto('push_subscriptions')
        .values({ id: newId(), owner, endpoint, p256dh: keys.p256dh, auth: keys.auth, created_at: at })
        .onConflict((c) => c.column('endpoint').doUpdateSet({ owner, p256dh: keys.p256dh, auth: keys.auth }))
        .execute();
    },

    async unsubscribe(owners, endpoint) {
      if (owners.length === 0) return;
      await db
        .deleteFrom('push_subscriptions')
        .where('owner', 'in', owners)
        .where('endpoint', '=', endpoint)
        .execute();
    },

    async subscriptions(owners) {
      if (owners.length === 0) return 0;
      const row = await db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('owner', 'in', owners)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async plan(owner, owners, on, planned) {
      await db.transaction().execute(async (tx) => {
        await tx
          .deleteFrom('push_reminders')
          .where('owner', 'in', owners)
          .where('codcredor', '=', on.codcredor)
          .where('contrato', '=', on.contrato)
          .where('state', 'in', ['pendente', 'cancelado'])
          .execute();
        const subscriptions = await tx
          .selectFrom('push_subscriptions')
          .select('id')
          .where('owner', 'in', owners)
          .execute();
        const rows = subscriptions.flatMap(({ id: subscription_id }) =>
          planned.map((p) => ({
            id: newId(),
            owner,
            subscription_id,
            codcredor: on.codcredor,
            contrato: on.contrato,
            credor: p.credor,
            numero: p.numero,
            vence_em: p.venceEm,
            dias: p.dias,
            send_at: p.sendAt,
            state: 'pendente' as const,
          })),
        );
        if (rows.length === 0) return;
        // One already sent (or in flight) for the same instalment, date and day is not sent again.
        await tx
          .insertInto('push_reminders')
          .values(rows)
          .onConflict((c) =>
            c.columns(['subscription_id', 'codcredor', 'contrato', 'numero', 'vence_em', 'dias']).doNothing(),
          )
          .execute();
      });
    },

    async target(owners, id) {
      if (owners.length === 0) return null;
      const row = await db
        .selectFrom('push_reminders')
        .select(['codcredor', 'contrato'])
        .where('owner', 'in', owners)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },

    async claim(instance, now, today, limit, leaseMs) {
      // What no one should get any more: an instalment whose day has gone by, a person who paused or stopped.
      await sql`
        update push_reminders r set state = 'cancelado'
        where r.send_at <= ${now}
          and (r.state = 'pendente' or (r.state = 'enviando' and r.claimed_until < ${now}))
          and (r.vence_em < ${today} or exists (
            select 1 from reminder_settings s
            where s.owner = r.owner and (s.stopped or s.paused_until > ${now})))`.execute(db);
      const until = new Date(now.getTime() + leaseMs);
      const { rows } = await sql<{
        id: string;
        credor: string;
        numero: number;
        dias: number;
        vence_em: string;
        subscription_id: string;
        endpoint: string;
        p256dh: string;
        auth: string;
      }>`
        update push_reminders r
        set state = 'enviando', claimed_by = ${instance}, claimed_until = ${until}, attempts = r.attempts + 1
        from push_subscriptions s
        where s.id = r.subscription_id and r.id in (
          select id from push_reminders
          where send_at <= ${now}
            and (state = 'pendente' or (state = 'enviando' and claimed_until < ${now}))
          order by send_at
          limit ${limit}
          for update skip locked)
        returning r.id, r.credor, r.numero, r.dias, r.vence_em, r.subscription_id, s.endpoint, s.p256dh, s.auth`.execute(
        db,
      );
      return rows.map((r) => ({
        id: r.id,
        credor: r.credor,
        numero: r.numero,
        dias: r.dias,
        venceEm: r.vence_em,
        subscriptionId: r.subscription_id,
        target: { endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } },
      }));
    },

    async settle(id, instance, outcome) {
      const mine = db
        .updateTable('push_reminders')
        .where('id', '=', id)
        .where('claimed_by', '=', instance)
        .where('state', '=', 'enviando');
      if (outcome.state === 'enviado') {
        await mine.set({ state: 'enviado', sent_at: new Date(), claimed_until: null }).execute();
      } else if (outcome.state === 'sem-inscricao') {
        // the browser unsubscribed for good: its subscription goes, with every reminder it had
        await db
          .deleteFrom('push_subscriptions')
          .where('id', 'in', db.selectFrom('push_reminders').select('subscription_id').where('id', '=', id))
          .execute();
      } else {
        const state = sql<PushReminderState>`case when attempts >= ${MAX_ATTEMPTS} then 'falhou' else 'pendente' end`;
        await mine.set({ state, send_at: outcome.at, claimed_by: null, claimed_until: null }).execute();
      }
    },

    async erase(owners) {
      if (owners.length === 0) return;
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('push_reminders').where('owner', 'in', owners).execute();
        await tx.deleteFrom('push_subscriptions').where('owner', 'in', owners).execute();
        await tx.deleteFrom('reminded_agreements').where('owner', 'in', owners).execute();
        await tx.deleteFrom('reminder_settings').where('owner', 'in', owners).execute();
      });
    },
  };
}
