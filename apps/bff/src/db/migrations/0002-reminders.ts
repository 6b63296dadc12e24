import { type Kysely, sql } from 'kysely';

/**
 * Reminders of an agreement's instalments: what each person chose (channels, days before the due date,
 * a pause, a stop), the agreements they asked to be reminded of, the browsers that subscribed to Web Push,
 * and each push reminder due: one row per subscription, instalment and day before, claimed by one
 * instance at a time and marked sent once the push service accepted it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reminder_settings')
    .addColumn('owner', 'text', (c) => c.primaryKey())
    .addColumn('canais', 'jsonb', (c) => c.notNull())
    .addColumn('dias', 'jsonb', (c) => c.notNull())
    .addColumn('paused_until', 'timestamptz')
    .addColumn('stopped', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('reminded_agreements')
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('codcredor', 'text', (c) => c.notNull())
    .addColumn('contrato', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminded_agreements_pkey', ['owner', 'codcredor', 'contrato'])
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_owner').on('push_subscriptions').column('owner').execute();

  await db.schema
    .createTable('push_reminders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('subscription_id', 'text', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('codcredor', 'text', (c) => c.notNull())
    .addColumn('contrato', 'text', (c) => c.notNull())
    .addColumn('credor', 'text', (c) => c.notNull())
    .addColumn('numero', 'integer', (c) => c.notNull())
    .addColumn('vence_em', 'text', (c) => c.notNull())
    .addColumn('dias', 'integer', (c) => c.notNull())
    .addColumn('send_at', 'timestamptz', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('pendente', 'enviando', 'enviado', 'cancelado', 'falhou')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('push_reminders_once', [
      'subscription_id',
      'codcredor',
      'contrato',
      'numero',
      'vence_em',
      'dias',
    ])
    .execute();
  // What the sweep claims: the pending and the in-flight, by the time they are due.
  await sql`create index push_reminders_due on push_reminders (send_at)
    where state in ('pendente', 'enviando')`.execute(db);
  await db.schema
    .createIndex('push_reminders_contract')
    .on('push_reminders')
    .columns(['owner', 'codcredor', 'contrato'])
    .execute();
}
