import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type AppProcess, startBffProcess } from '@portal/test-kit/app-process';
import { createClient, failure, PERSONA } from '@portal/test-kit/harness';
import { startPostgresServer } from '@portal/test-kit/postgres-server';
import { type RedisServer, startRedisServer } from '@portal/test-kit/redis-server';
import { useStubServer } from '@portal/test-kit/stub-server';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../trpc/to-trpc-error';
import { migrations } from './migrations';

const run = promisify(execFile);

// Two BFF processes as ops run them, sharing one Redis, one KEY_SECRET and one PostgreSQL database: what one
// instance issued, every instance serves, through a crash, a restore from a dump and an outage.

const stub = useStubServer();
let postgres: Awaited<ReturnType<typeof startPostgresServer>>;
let redis: RedisServer;
let databaseUrl: string;
let backups: string;
const running: AppProcess[] = [];

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgresServer(), startRedisServer()]);
  databaseUrl = await postgres.database('shared');
  backups = await mkdtemp(join(tmpdir(), 'portal-dump-'));
}, 60_000);
afterAll(async () => {
  for (const p of running) p.kill('SIGKILL');
  await Promise.all(running.map((p) => p.exited));
  await redis?.close();
  await postgres?.close();
  if (backups) await rm(backups, { recursive: true, force: true });
});

const env = () => ({
  REDIS_URL: redis.url,
  KEY_SECRET: 'a-secret-both-instances-share',
  DATABASE_URL: databaseUrl,
  UPSTREAM_URL: stub.base,
  DATABASE_STATEMENT_TIMEOUT_MS: '2000',
});
const start = async () => {
  const instance = await startBffProcess(env());
  running.push(instance);
  return instance;
};

const databaseName = () => new URL(databaseUrl).pathname.slice(1);
/** A query on the server's maintenance database, or on the portal's when `on` says so. */
async function query<R extends pg.QueryResultRow>(text: string, on = databaseUrl): Promise<R[]> {
  const client = new pg.Client({ connectionString: on });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}
const migrationRows = () =>
  query<{ name: string; timestamp: string }>('select name, timestamp from kysely_migration order by name');

type Client = ReturnType<typeof createClient>;
/** The browser moves to another instance with its cookies (a load balancer without affinity). */
const moveTo = (from: Client, base: string) => {
  const to = createClient(base);
  for (const [name, value] of from.jar) to.jar.set(name, value);
  return to;
};
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
async function download(base: string, client: Client, pdfUrl: string) {
  const response = await fetch(`${base}${pdfUrl}`, { headers: { cookie: client.cookieHeader() } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    bytes,
    sha256: sha256(bytes),
    retryAfter: response.headers.get('retry-after'),
  };
}
async function readyz(base: string) {
  const response = await fetch(`${base}/readyz`);
  return { status: response.status, body: await response.json() };
}

/** Ana's card agreement (Cartão Sol Nascente): instalments 4 to 6 are open until the test pays them. */
const ANAS = { contrato: '6011452873', open: [4, 5, 6] };
let scope: { codcredor: string; contrato: string };
let issued: { codigo: string; pdfUrl: string; sha256: string };
let browser: Client;
let b: AppProcess;

describe('one database shared by two BFF processes', () => {
  it("Ana's declaration issued through A downloads with the same bytes through B, and checks out there", async () => {
    // both start at once on the empty database: one migrates, the other waits for it
    const [a, started] = await Promise.all([start(), start()]);
    b = started;
    expect((await migrationRows()).map((r) => r.name)).toEqual(Object.keys(await migrations.getMigrations()));

    for (const parcela of ANAS.open) {
      const paid = await stub.post('/__stub/payments', {
        cpfCnpj: PERSONA.ana.cpfCnpj.replace(/\D/g, ''),
        contrato: ANAS.contrato,
        parcela,
        metodo: 'pix',
      });
      expect(paid.status).toBe(200);
    }
    const onA = createClient(a.url);
    await onA.trpc.auth.signIn.mutate(PERSONA.ana);
    const creditor = (await onA.trpc.debts.creditors.query()).find((c) => c.nome === 'Cartão Sol Nascente');
    if (!creditor) throw new Error('Ana has a contract at Cartão Sol Nascente');
    scope = { codcredor: creditor.codcredor, contrato: ANAS.contrato };
    const declaration = await onA.trpc.agreements.settlementDeclaration.mutate(scope);
    const fromA = await download(a.url, onA, declaration.pdfUrl);
    expect(fromA.status).toBe(200);
    expect(new TextDecoder().decode(fromA.bytes.subarray(0, 5))).toBe('%PDF-');
    issued = { codigo: declaration.codigo, pdfUrl: declaration.pdfUrl, sha256: fromA.sha256 };

    browser = moveTo(onA, b.url);
    expect(await browser.trpc.agreements.settlementDeclaration.mutate(scope)).toEqual(declaration);
    expect((await download(b.url, browser, issued.pdfUrl)).sha256).toBe(issued.sha256);
    const checked = await createClient(b.url).trpc.verification.check.mutate({ codigo: issued.codigo });
    expect(checked).toMatchObject({ tipo: 'declaracao', veredito: 'confere' });
    expect(await query<{ codigo: string }>(`select codigo from declarations`)).toEqual([
      { codigo: issued.codigo },
    ]);

    // A dies as in a crash: B still serves the declaration
    a.kill('SIGKILL');
    expect((await a.exited).signal).toBe('SIGKILL');
    expect((await download(b.url, browser, issued.pdfUrl)).sha256).toBe(issued.sha256);

    // A comes back: it migrates nothing, and serves the same bytes
    const migrated = await migrationRows();
    const again = await start();
    expect(await migrationRows()).toEqual(migrated);
    const onAgain = moveTo(browser, again.url);
    expect((await download(again.url, onAgain, issued.pdfUrl)).sha256).toBe(issued.sha256);
    expect(
      (await createClient(again.url).trpc.verification.check.mutate({ codigo: issued.codigo })).veredito,
    ).toBe('confere');
  }, 60_000);

  it('restore drill: the database dumped, dropped, created again and restored still serves the declaration, same bytes', async () => {
    const dump = join(backups, 'portal.dump');
    const client = ['-h', postgres.socketDir, '-p', String(postgres.port), '-U', 'portal'];
    await run(join(postgres.bin, 'pg_dump'), [...client, '-Fc', '-f', dump, databaseName()]);

    const maintenance = postgres.url;
    await query(`drop database "${databaseName()}" with (force)`, maintenance);
    await query(`create database "${databaseName()}"`, maintenance);
    // an empty database: the declaration is nowhere else to be found (neither in Redis nor in a process)
    expect((await download(b.url, browser, issued.pdfUrl)).status).toBe(503);

    await run(join(postgres.bin, 'pg_restore'), [...client, '-d', databaseName(), dump]);
    const restored = await download(b.url, browser, issued.pdfUrl);
    expect(restored.status).toBe(200);
    expect(restored.sha256).toBe(issued.sha256);
    expect(
      (await createClient(b.url).trpc.verification.check.mutate({ codigo: issued.codigo })).veredito,
    ).toBe('confere');
    // the restored schema is whole: its trigger still refuses updates
    await expect(query(`update declarations set titular = 'x'`)).rejects.toThrow(
      'declarations are insert-only',
    );
  }, 30_000);

  it('while the server is down, /readyz says database within two seconds and the declaration is refused in Portuguese; all is back once it starts', async () => {
    // the test server does not sync its commits: a checkpoint puts them on disk before the crash
    await query('checkpoint');
    await postgres.stop();
    try {
      const stoppedAt = Date.now();
      for (const instance of running.filter(
        (p) => p.child.exitCode === null && p.child.signalCode === null,
      )) {
        await expect
          .poll(() => readyz(instance.url), { timeout: 2_500, interval: 100 })
          .toEqual({ status: 503, body: { status: 'unavailable', reason: 'database' } });
      }
      expect(Date.now() - stoppedAt).toBeLessThan(3_000);
      // the process itself is alive
      expect((await fetch(`${b.url}/healthz`)).status).toBe(200);

      const refused = await failure(browser.trpc.agreements.settlementDeclaration.mutate(scope));
      expect(refused.data?.code).toBe('SERVICE_UNAVAILABLE');
      expect(refused.data?.httpStatus).toBe(503);
      expect(refused.message).toBe(MESSAGES.databaseDown);
      expect(refused.message).toBe('Não foi possível concluir agora. Tente novamente em alguns minutos.');
      const pdf = await download(b.url, browser, issued.pdfUrl);
      expect(pdf.status).toBe(503);
      expect(pdf.retryAfter).toBe('5');
      expect(JSON.parse(new TextDecoder().decode(pdf.bytes))).toEqual({
        error: { message: MESSAGES.databaseDown },
      });
    } finally {
      await postgres.start();
    }
    await expect
      .poll(() => readyz(b.url), { timeout: 3_000, interval: 100 })
      .toEqual({ status: 200, body: { status: 'ready' } });
    const back = await download(b.url, browser, issued.pdfUrl);
    expect(back.status).toBe(200);
    expect(back.sha256).toBe(issued.sha256);
    expect(await browser.trpc.agreements.settlementDeclaration.mutate(scope)).toMatchObject({
      codigo: issued.codigo,
    });
  }, 30_000);
});
