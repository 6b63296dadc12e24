import { type Kysely, sql } from 'kysely';

/**
 * What must outlive a session: declarations of settlement (insert-only, kept 5 years), the records of
 * agreements made on the portal (their type and mode, which re-issue reads), the account's activity, and
 * when each periodic job last ran. Forward-only, as every migration here: a change is a new file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('declarations')
    .addColumn('codigo', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('titular', 'text', (c) => c.notNull())
    .addColumn('documento', 'text')
    .addColumn('credor', 'text', (c) => c.notNull())
    .addColumn('contrato', 'text', (c) => c.notNull())
    .addColumn('codigo_acordo', 'text', (c) => c.notNull())
    .addColumn('parcelas', 'jsonb', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('quitada_em', 'text')
    .addColumn('emitida_em', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('pdf', 'bytea', (c) => c.notNull())
    .addColumn('pdf_sha256', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('declarations_issued_at').on('declarations').column('issued_at').execute();
  // A declaration stays as issued: the database refuses any update, whoever asks.
  await sql`
    create function declarations_insert_only() returns trigger language plpgsql as $$
    begin
      raise exception 'declarations are insert-only';
    end $$`.execute(db);
  await sql`
    create trigger declarations_insert_only before update on declarations
    for each row execute function declarations_insert_only()`.execute(db);

  await db.schema
    .createTable('agreement_records')
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('codcredor', 'text', (c) => c.notNull())
    .addColumn('contrato', 'text', (c) => c.notNull())
    .addColumn('tipo_acordo', 'text', (c) => c.notNull().check(sql`tipo_acordo in ('AV', 'AP')`))
    .addColumn('modo', 'text', (c) => c.notNull().check(sql`modo in ('1', '2')`))
    .addColumn('made_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('agreement_records_pkey', ['owner', 'codcredor', 'contrato'])
    .execute();
  await db.schema
    .createIndex('agreement_records_made_at')
    .on('agreement_records')
    .column('made_at')
    .execute();

  await db.schema
    .createTable('account_activity')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_activity_owner_at')
    .on('account_activity')
    .columns(['owner', 'at desc'])
    .execute();
  await db.schema.createIndex('account_activity_at').on('account_activity').column('at').execute();

  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.primaryKey())
    .addColumn('ran_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
