// The cost of the BFF's hop, measured side by side in one run on loopback against one simulator process:
// (a) the simulator directly, (b) a bare Fastify route making the same upstream call through an undici
// Pool, (c) a signed-in tRPC query making that call (auth.session re-validates the token with POST /login).
// `pnpm bench` also runs (c) on a BFF keeping its sessions in Redis, to compare the two session stores.
// Each BFF keeps its records in a database of its own on a PostgreSQL server, as production does (and as a
// BFF on Redis must: REDIS_URL without DATABASE_URL refuses to start).
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startAppProcess } from '@portal/test-kit/app-process';
import { freePort } from '@portal/test-kit/free-port';
import { stubToken } from '@portal/test-kit/proxy-measure';
import autocannon from 'autocannon';
import { bffEnv } from './bff-env';
import { type BenchDatabases, benchDatabases } from './postgres';
import { signIn } from './sign-in';

const SECONDS = Number(process.env.BENCH_HOP_SECONDS ?? 10);

async function startBare(upstream: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.resolve('@portal/test-kit/bare-hop'))],
    {
      env: { PATH: process.env.PATH, UPSTREAM_URL: upstream, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, kill: () => child.kill('SIGKILL') };
}

/** Seconds of CPU a process has used so far, all its threads, user and system (Linux's /proc; NaN elsewhere). */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  const stat = pid ? await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '') : '';
  // the fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / CLOCK_TICKS;
}
/** Linux's USER_HZ: /proc counts CPU time in these */
const CLOCK_TICKS = 100;

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon({ connections: 50, ...options }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

interface HopOptions {
  /** which of (a), (b), (c) to measure; all by default */
  targets?: readonly ('a' | 'b' | 'c')[];
  /** also measure (c) on a second BFF keeping its sessions in this Redis, right after (c) on the memory store */
  redisUrl?: string;
  /** where each BFF's database comes from */
  databases: BenchDatabases;
}

/**
 * Requests per second of (a), (b) and (c), one after another against one simulator process; with `redisUrl`,
 * `cRedis` is (c) on the Redis session store, measured in turns with (c); and each one's CPU per request
 * (`cpuUs`: the answering process's own, µs). A figure not measured is NaN.
 */
export async function measureHop({ targets = ['a', 'b', 'c'], redisUrl, databases }: HopOptions) {
  const stub = await startAppProcess('stub', { LOG_LEVEL: 'warn' });
  const stops: (() => void)[] = [() => stub.kill('SIGKILL')];
  try {
    const token = await stubToken(stub.url);
    const plan: [string, autocannon.Options, number | undefined][] = [];
    if (targets.includes('a')) {
      plan.push([
        'a',
        {
          url: `${stub.url}/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
        },
        stub.child.pid,
      ]);
    }
    if (targets.includes('b')) {
      const bare = await startBare(stub.url);
      stops.push(bare.kill);
      plan.push(['b', { url: `${bare.url}/hop?token=${encodeURIComponent(token)}` }, bare.pid]);
    }
    if (targets.includes('c')) {
      const bff = await startAppProcess(
        'bff',
        { ...bffEnv(stub.url), DATABASE_URL: await databases.database() },
        { logs: 'discarded' },
      );
      stops.push(() => bff.kill('SIGKILL'));
      plan.push([
        'c',
        { url: `${bff.url}/trpc/auth.session`, headers: { cookie: await signIn(bff.url) } },
        bff.child.pid,
      ]);
    }
    if (redisUrl) {
      const bff = await startAppProcess(
        'bff',
        { ...bffEnv(stub.url), REDIS_URL: redisUrl, DATABASE_URL: await databases.database() },
        { logs: 'discarded' },
      );
      stops.push(() => bff.kill('SIGKILL'));
      plan.push([
        'cRedis',
        { url: `${bff.url}/trpc/auth.session`, headers: { cookie: await signIn(bff.url) } },
        bff.child.pid,
      ]);
    }

    const samples: Record<string, number[]> = {};
    // CPU seconds of the answering process and the requests it answered, per target
    const work: Record<string, { cpu: number; requests: number }> = {};
    const pids = Object.fromEntries(plan.map(([name, , pid]) => [name, pid]));
    const measure = async (name: string, target: autocannon.Options, seconds: number) => {
      const cpuBefore = await cpuSeconds(pids[name]);
      const result = await run({ ...target, duration: seconds });
      const cpu = (await cpuSeconds(pids[name])) - cpuBefore;
      if (result.non2xx + result.errors > 0)
        throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      samples[name] = [...(samples[name] ?? []), result.requests.average];
      const sum = work[name] ?? { cpu: 0, requests: 0 };
      work[name] = { cpu: sum.cpu + cpu, requests: sum.requests + result.requests.total };
    };
    const c = plan.find(([name]) => name === 'c')?.[1];
    const cRedis = plan.find(([name]) => name === 'cRedis')?.[1];
    for (const [name, target] of plan) {
      if (c && cRedis && (name === 'c' || name === 'cRedis')) continue;
      await run({ ...target, duration: 3 }); // warm-up: JIT and sockets
      await measure(name, target, SECONDS);
    }
    if (c && cRedis) {
      // The two stores in halves, in the order memory, Redis, Redis, memory: a load on the machine that
      // rises or falls meanwhile weighs on both alike.
      const half = Math.max(1, Math.round(SECONDS / 2));
      await run({ ...c, duration: 3 });
      await run({ ...cRedis, duration: 3 });
      await measure('c', c, half);
      await measure('cRedis', cRedis, half);
      await measure('cRedis', cRedis, half);
      await measure('c', c, half);
    }
    const results = Object.fromEntries(
      Object.entries(samples).map(([name, rates]) => [name, rates.reduce((a, b) => a + b, 0) / rates.length]),
    );
    /** µs of the answering process's CPU per request */
    const cpuPerRequest = (name: string) => {
      const w = work[name];
      return w && w.requests > 0 ? (w.cpu * 1e6) / w.requests : Number.NaN;
    };
    return {
      a: results.a ?? Number.NaN,
      b: results.b ?? Number.NaN,
      c: results.c ?? Number.NaN,
      cRedis: results.cRedis ?? Number.NaN,
      cpuUs: {
        a: cpuPerRequest('a'),
        b: cpuPerRequest('b'),
        c: cpuPerRequest('c'),
        cRedis: cpuPerRequest('cRedis'),
      },
    };
  } finally {
    for (const stop of stops.reverse()) stop();
  }
}

// `node --import tsx scripts/bench/hop.ts`: this measurement alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const databases = benchDatabases();
  const { a, b, c } = await measureHop({ databases }).finally(() => databases.close());
  process.stdout.write(
    `(a) simulator ${a.toFixed(0)} req/s\n(b) bare Fastify + undici ${b.toFixed(0)} req/s\n` +
      `(c) tRPC auth.session ${c.toFixed(0)} req/s\nc/b ${(c / b).toFixed(2)}\n`,
  );
}
