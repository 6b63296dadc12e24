import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aDeclaration } from '@portal/test-kit/declaration-fixture';
import { startPostgresServer } from '@portal/test-kit/postgres-server';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database';
import { migrations } from './migrations';
import { createRecords, DatabaseUnavailableError } from './records';
import type { Schema } from './schema';

let server: Awaited<ReturnType<typeof startPostgresServer>>;
beforeAll(async () => {
  server = await startPostgresServer();
}, 60_000);
afterAll(() => server?.close());

const onServer = (url: string, poolMax = 4) =>
  openDatabase({ url, dir: 'memory://', poolMax, statementTimeoutMs: 2_000 });

/** What the migrator wrote: one row per migration run, with the instant it ran. */
const migrationRows = async (db: Kysely<Schema>) =>
  (
    await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name`.execute(db)
  ).rows;

const migrationNames = async () => Object.keys(await migrations.getMigrations()).sort();

/**
 * The test server runs with synchronous_commit off: a crash may lose the last commits. A checkpoint first,
 * so that what the test wrote before its outage is on disk, as a durable server would have it.
 */
async function checkpoint(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

describe('opening the database', () => {
  it('two instances opening an empty database at once both start, and each migration runs once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const url = await server.database('empty');
      const opened = await Promise.all([onServer(url), onServer(url)]);
      try {
        const [first, second] = opened as [Database, Database];
        const rows = await migrationRows(first.db);
        expect(rows.map((r) => r.name)).toEqual(await migrationNames());
        // both see the same schema
        const kept = aDeclaration();
        await createRecords(first.db).keepDeclaration(kept);
        expect(await createRecords(second.db).declaration(kept.codigo)).toEqual(kept);

        // a third instance, later, migrates nothing: the same rows, and the data kept
        const third = await onServer(url);
        try {
          expect(await migrationRows(third.db)).toEqual(rows);
          expect(await createRecords(third.db).declaration(kept.codigo)).toEqual(kept);
        } finally {
          await third.close();
        }
      } finally {
        await Promise.all(opened.map((d) => d.close()));
      }
    }
  });

  it("keeps PGlite's records in its data folder across a close and a reopen, with the same bytes", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pglite-records-'));
    const options = { dir: join(dir, 'data'), poolMax: 1, statementTimeoutMs: 5_000 };
    try {
      const first = await openDatabase(options);
      expect(first.kind).toBe('pglite');
      const kept = aDeclaration();
      const on = { codcredor: '1003', contrato: '6011452873' };
      const at = new Date('2026-03-03T14:05:06.000Z');
      let rows: Awaited<ReturnType<typeof migrationRows>>;
      try {
        const records = createRecords(first.db);
        await records.keepDeclaration(kept);
        await records.rememberAgreement('k1.owner', on, { tipoAcordo: 'AP', modo: '2' }, at);
        await records.addActivity(
          'k1.owner',
          { kind: 'declaracao-emitida', ...on, credor: 'Cartão Sol Nascente' },
          at,
        );
        rows = await migrationRows(first.db);
      } finally {
        await first.close();
      }

      // as `pnpm start` after a restart: the same folder, the declaration issued before
      const again = await openDatabase(options);
      try {
        const records = createRecords(again.db);
        const found = await records.declaration(kept.codigo);
        expect(found).toEqual(kept);
        expect(Buffer.from(found?.pdf ?? []).equals(Buffer.from(kept.pdf))).toBe(true);
        expect(await records.agreement(['k1.owner'], on)).toMatchObject({
          owner: 'k1.owner',
          made: { tipoAcordo: 'AP', modo: '2' },
        });
        expect(await records.activity(['k1.owner'], new Date(0), 10)).toHaveLength(1);
        expect(await migrationRows(again.db)).toEqual(rows);
      } finally {
        await again.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('while the server is down, every call fails as DatabaseUnavailableError and ping is false; once it is back, a new connection serves', async () => {
    const url = await server.database('outage');
    // one connection: the one after the outage is necessarily a new one
    const database = await onServer(url, 1);
    const failures: unknown[] = [];
    const records = createRecords(database.db, (err) => failures.push(err));
    const backend = async () =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]?.pid;
    try {
      const kept = aDeclaration();
      await records.keepDeclaration(kept);
      expect(await database.ping()).toBe(true);
      const before = await backend();
      await checkpoint(url);

      await server.stop();
      try {
        const started = Date.now();
        expect(await database.ping()).toBe(false);
        await expect(records.declaration(kept.codigo)).rejects.toBeInstanceOf(DatabaseUnavailableError);
        await expect(records.keepDeclaration(aDeclaration())).rejects.toBeInstanceOf(
          DatabaseUnavailableError,
        );
        await expect(records.activity(['k1.owner'], new Date(0), 10)).rejects.toBeInstanceOf(
          DatabaseUnavailableError,
        );
        await expect(records.sweep(new Date(), 1)).rejects.toBeInstanceOf(DatabaseUnavailableError);
        // each answered without waiting out the statement timeout
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(failures).toHaveLength(4);
      } finally {
        await server.start();
      }

      expect(await database.ping()).toBe(true);
      expect(await records.declaration(kept.codigo)).toEqual(kept);
      expect(await backend()).not.toBe(before);
      expect(failures).toHaveLength(4);
    } finally {
      await database.close();
    }
  }, 30_000);
});
