import { createRecords, type Records } from '@portal/bff/db/records';
import { createReminders, type Reminders } from '@portal/bff/db/reminders';
import type { Schema } from '@portal/bff/db/schema';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run's PostgreSQL server (postgres.global-setup.ts), and its migrated template database */
    postgres: { url: string; template: string } | undefined;
  }
}

let fileDatabase: string | undefined;

/**
 * A database of this test file's own, a copy of the migrated template (postgres.setup.ts creates it before
 * the file's tests): no file sees another's rows.
 */
export async function createFileDatabase(): Promise<void> {
  const postgres = inject('postgres');
  if (!postgres) return;
  const name = `file_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    await client.query(`create database "${name}" template "${postgres.template}"`);
  } finally {
    await client.end();
  }
  fileDatabase = postgres.url.replace(/\/[^/]*$/, `/${name}`);
}

/** This test file's database, when its project starts a server (undefined: PGlite in memory instead). */
export const testDatabaseUrl = (): string | undefined => fileDatabase;

let shared: Kysely<Schema> | undefined;

/** This file's database, to look at what the code under test wrote (opened at the first use). */
export function testKysely(): Kysely<Schema> {
  if (!fileDatabase) throw new Error('this project has no database: add the postgres setup to its config');
  shared ??= new Kysely<Schema>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: fileDatabase, max: 2, allowExitOnIdle: true }),
    }),
  });
  return shared;
}

/** A port over this file's database, opened at its first use: unit tests' ports build it without a query. */
function lazyPort<T extends object>(make: () => T): T {
  let made: T | undefined;
  return new Proxy({} as T, {
    get:
      (_, name) =>
      (...args: unknown[]) => {
        made ??= make();
        return (made[name as keyof T] as (...a: unknown[]) => Promise<unknown>)(...args);
      },
  });
}

/** The records over this file's database, for unit tests' ports. */
export const testRecords = (): Records => lazyPort(() => createRecords(testKysely()));

/** The reminders over this file's database, for unit tests' ports. */
export const testReminders = (): Reminders => lazyPort(() => createReminders(testKysely()));
