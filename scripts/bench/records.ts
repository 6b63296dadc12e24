// The records the portal keeps in PostgreSQL, read as a person reads them, on each of the BFF's two stores:
// `pglite`, PGlite in the BFF's own process with a data folder (a temporary one), as `pnpm start` keeps it,
// and `server`, a database of its own on the run's PostgreSQL server, as production keeps it.
// On each store, its own simulator and BFF: Ana's open instalments paid at the simulator, ACTIVITY_LINES
// sign-ins of hers (each writes a line of her activity), her declaration of settlement issued; then, with her
// last session's cookie, GET of the declaration's PDF and of the activity page's query (account.activity),
// each under a closed loop of CONNECTIONS connections. The two stores are measured in turns (pglite, server,
// server, pglite): a load on the machine that rises or falls meanwhile weighs on both alike.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppProcess } from '@portal/test-kit/app-process';
import autocannon from 'autocannon';
import { bffEnv, MANY_SIGN_INS } from './bff-env';
import { percentile } from './latency';
import { type BenchDatabases, benchDatabases } from './postgres';
import { ANA, signIn } from './sign-in';

/** seconds of each store's measurement of each route, in two turns; after a warm-up of WARM_UP_SECONDS */
const SECONDS = Number(process.env.BENCH_RECORDS_SECONDS ?? 6);
const WARM_UP_SECONDS = 2;
/** concurrent clients, each sending its next request when the last is answered */
export const CONNECTIONS = 10;
/** what the activity page lists at most (activity.ts): as many sign-ins fill it */
export const ACTIVITY_LINES = 200;
const ANAS_CONTRACT = '6011452873';
const ANAS_OPEN_INSTALMENTS = [4, 5, 6];
const MB = 2 ** 20;

export const STORES = ['pglite', 'server'] as const;
type Store = (typeof STORES)[number];

interface RouteFigures {
  /** answers per second, over the store's turns */
  rps: number;
  p50: number;
  p99: number;
  /** errors, timeouts and non-2xx answers */
  failed: number;
}

interface StoreFigures {
  pdf: RouteFigures;
  activity: RouteFigures;
  /** lines the activity page listed before the load */
  lines: number;
  pdfBytes: number;
  /** the BFF process's resident memory after the load */
  rssMB: number;
}

/** A tRPC procedure with Ana's cookie: a query by GET (its input in the address), a mutation by POST. */
async function trpc<T>(url: string, cookie: string, procedure: string, input?: unknown, mutation = false) {
  const query = !mutation && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
  const response = await fetch(`${url}/trpc/${procedure}${query}`, {
    method: mutation ? 'POST' : 'GET',
    headers: { cookie, origin: url, ...(mutation ? { 'content-type': 'application/json' } : {}) },
    ...(mutation ? { body: JSON.stringify(input) } : {}),
  });
  const body = (await response.json()) as { result?: { data?: T } };
  if (!response.ok || !body.result)
    throw new Error(`${procedure} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.result.data as T;
}

interface Stack {
  url: string;
  cookie: string;
  pdfUrl: string;
  lines: number;
  pdfBytes: number;
  stop: () => Promise<void>;
}

/** A simulator and a BFF on `store`, with Ana's declaration issued and her activity page full. */
async function stackOn(store: Store, databases: BenchDatabases): Promise<Stack> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const one of stops.reverse()) await one();
  };
  try {
    const stub = await startAppProcess('stub', { LOG_LEVEL: 'warn' });
    stops.push(async () => {
      stub.kill('SIGKILL');
      await stub.exited;
    });
    let storeEnv: Record<string, string>;
    if (store === 'pglite') {
      const dir = await mkdtemp(join(tmpdir(), 'bench-pglite-'));
      stops.push(() => rm(dir, { recursive: true, force: true }));
      storeEnv = { DATABASE_DIR: dir };
    } else {
      storeEnv = { DATABASE_URL: await databases.database() };
    }
    const bff = await startAppProcess(
      'bff',
      { ...bffEnv(stub.url), LOG_LEVEL: 'warn', ...MANY_SIGN_INS, ...storeEnv },
      { logs: 'discarded' },
    );
    stops.push(async () => {
      bff.kill('SIGKILL');
      await bff.exited;
    });
    const { url } = bff;

    for (const parcela of ANAS_OPEN_INSTALMENTS) {
      const paid = await fetch(`${stub.url}/__stub/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          cpfCnpj: ANA.cpfCnpj.replace(/\D/g, ''),
          contrato: ANAS_CONTRACT,
          parcela,
          metodo: 'pix',
        }),
      });
      if (!paid.ok)
        throw new Error(`paying instalment ${parcela} answered ${paid.status}: ${await paid.text()}`);
    }
    // each sign-in writes a line of activity; 20 at a time, the session measured last
    for (let done = 0; done < ACTIVITY_LINES - 1; done += 20)
      await Promise.all(
        Array.from({ length: Math.min(20, ACTIVITY_LINES - 1 - done) }, () => signIn(url, ANA)),
      );
    const cookie = await signIn(url, ANA);

    let codcredor: string | undefined;
    for (const creditor of await trpc<{ codcredor: string }[]>(url, cookie, 'debts.creditors')) {
      const contracts = await trpc<{ contrato: string }[]>(url, cookie, 'negotiation.contracts', {
        codcredor: creditor.codcredor,
      });
      if (contracts.some((c) => c.contrato === ANAS_CONTRACT)) codcredor = creditor.codcredor;
    }
    if (!codcredor) throw new Error(`Ana has no contract ${ANAS_CONTRACT}`);
    const { pdfUrl } = await trpc<{ pdfUrl: string }>(
      url,
      cookie,
      'agreements.settlementDeclaration',
      { codcredor, contrato: ANAS_CONTRACT },
      true,
    );
    const pdf = await fetch(`${url}${pdfUrl}`, { headers: { cookie } });
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    if (pdf.status !== 200 || new TextDecoder().decode(bytes.subarray(0, 5)) !== '%PDF-')
      throw new Error(`${store}: ${pdfUrl} answered ${pdf.status} with ${bytes.length} bytes, not a PDF`);
    const { linhas } = await trpc<{ linhas: unknown[] }>(url, cookie, 'account.activity');
    if (linhas.length !== ACTIVITY_LINES)
      throw new Error(`${store}: the activity page lists ${linhas.length} lines, not ${ACTIVITY_LINES}`);
    return {
      url,
      cookie,
      pdfUrl,
      lines: linhas.length,
      pdfBytes: bytes.length,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function load(target: autocannon.Options, seconds: number, latencies?: number[]) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { connections: CONNECTIONS, ...target, duration: seconds },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (latencies) instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
  });
}

/** One route on both stores, in turns; each store's latencies pooled over its turns. */
async function inTurns(targets: Record<Store, autocannon.Options>): Promise<Record<Store, RouteFigures>> {
  for (const store of STORES) await load(targets[store], WARM_UP_SECONDS);
  const half = Math.max(1, SECONDS / 2);
  const pooled = Object.fromEntries(
    STORES.map((s) => [s, { latencies: [] as number[], answered: 0, seconds: 0, failed: 0 }]),
  ) as Record<Store, { latencies: number[]; answered: number; seconds: number; failed: number }>;
  for (const store of ['pglite', 'server', 'server', 'pglite'] as const) {
    const into = pooled[store];
    const result = await load(targets[store], half, into.latencies);
    into.answered += result.requests.total;
    into.seconds += result.duration;
    into.failed += result.errors + result.non2xx;
  }
  return Object.fromEntries(
    STORES.map((s) => {
      const p = pooled[s];
      return [
        s,
        {
          rps: p.answered / p.seconds,
          p50: percentile(p.latencies, 50),
          p99: percentile(p.latencies, 99),
          failed: p.failed,
        },
      ];
    }),
  ) as Record<Store, RouteFigures>;
}

/** The BFF's resident memory, as its /metrics reports it (MB). */
async function rssOf(url: string): Promise<number> {
  const series = 'portal_process_resident_memory_bytes';
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return Number(line?.slice(series.length + 1) ?? Number.NaN) / MB;
}

/** The declaration's PDF and the activity page's query on each store. */
export async function measureRecords(databases: BenchDatabases): Promise<Record<Store, StoreFigures>> {
  const settled = await Promise.allSettled(STORES.map((s) => stackOn(s, databases)));
  const stacks = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const [pglite, server] = stacks as [Stack, Stack];
    const on = { pglite, server };
    const target = (path: (s: Stack) => string) =>
      Object.fromEntries(
        STORES.map((s) => [s, { url: `${on[s].url}${path(on[s])}`, headers: { cookie: on[s].cookie } }]),
      ) as Record<Store, autocannon.Options>;
    const pdf = await inTurns(target((s) => s.pdfUrl));
    const activity = await inTurns(target(() => '/trpc/account.activity'));
    const figures = async (s: Store): Promise<StoreFigures> => ({
      pdf: pdf[s],
      activity: activity[s],
      lines: on[s].lines,
      pdfBytes: on[s].pdfBytes,
      rssMB: await rssOf(on[s].url),
    });
    return { pglite: await figures('pglite'), server: await figures('server') };
  } finally {
    await Promise.all(stacks.map((s) => s.stop()));
  }
}

// `node --import tsx scripts/bench/records.ts`: this measurement alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const databases = benchDatabases();
  const figures = await measureRecords(databases).finally(() => databases.close());
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
}
