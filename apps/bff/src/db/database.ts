import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations';
import { pglitePool } from './pglite-pool';
import type { Schema } from './schema';

interface DatabaseOptions {
  /** a PostgreSQL server; without it, PGlite in this process */
  url?: string;
  /** PGlite's data folder ('memory://' keeps nothing) */
  dir: string;
  poolMax: number;
  statementTimeoutMs: number;
}

/** The database the records live in, migrated to the newest schema. */
export interface Database {
  db: Kysely<Schema>;
  kind: 'postgres' | 'pglite';
  /** answers within the statement timeout: false while the database cannot be reached */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Opens the database and migrates it. Migrations run in one transaction under PostgreSQL's advisory lock
 * (Kysely's migrator takes it): instances started at once wait for each other, and the schema is migrated
 * once. A migration that fails leaves the schema as it was, and the start fails.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { db, kind } = options.url ? serverDatabase(options) : await embeddedDatabase(options);
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    kind,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

async function migrate(db: Kysely<Schema>): Promise<string[]> {
  const { error, results = [] } = await new Migrator({ db, provider: migrations }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

function serverDatabase({ url, poolMax, statementTimeoutMs }: DatabaseOptions) {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    // a statement that runs longer is cancelled by the server; a connection is waited for as long
    statement_timeout: statementTimeoutMs,
    connectionTimeoutMillis: statementTimeoutMs,
    idleTimeoutMillis: 30_000,
  });
  // an idle client the server dropped: the pool replaces it; the next query reports any real outage
  pool.on('error', () => undefined);
  return { db: new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' as const };
}

async function embeddedDatabase({ dir, statementTimeoutMs }: DatabaseOptions) {
  if (!dir.includes('://')) mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  await pglite.exec(`set statement_timeout = ${Math.floor(statementTimeoutMs)}`);
  return {
    db: new Kysely<Schema>({ dialect: new PostgresDialect({ pool: pglitePool(pglite) }) }),
    kind: 'pglite' as const,
  };
}
