// `pnpm bench`: the capacity and lifecycle gates of reliability-gates.md, measured on this machine.
// The stub (20 ms per reply), the BFF and this load generator each run in their own process.
import { startAppProcess } from '@portal/bff/testing/app-process';
import { measureSocketDrop } from '@portal/bff/testing/socket-drop';
import autocannon from 'autocannon';
import { measureHop } from './hop';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 5_000);
const RATE = Number(process.env.BENCH_RATE ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const MARIA = { cpfCnpj: '529.982.247-25', senha: 'Acordo@2026' };
const ROUTE = '/trpc/debts.creditors';

const gates: { name: string; ok: boolean; figure: string }[] = [];
const gate = (name: string, ok: boolean, figure: string) => {
  gates.push({ name, ok, figure });
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${figure}\n`);
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

/** The stub in its own process, every reply 20 ms late. */
async function startStub() {
  const stub = await startAppProcess('stub', { LOG_LEVEL: 'warn' });
  await fetch(`${stub.url}/__stub/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latencyMs: 20 }),
  });
  return stub;
}

/** One Prometheus sample of the BFF. */
async function metric(url: string, series: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return Number(line?.slice(series.length + 1) ?? Number.NaN);
}

/** Signs Maria in `count` times, 50 at a time: that many live sessions. */
async function signIns(url: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  const one = async () => {
    const response = await fetch(`${url}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify(MARIA),
    });
    const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
    if (!response.ok || !cookie)
      throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
    cookies.push(cookie);
  };
  while (cookies.length < count) {
    await Promise.all(Array.from({ length: Math.min(50, count - cookies.length) }, one));
  }
  return cookies;
}

/** autocannon over the sessions, one cookie after another; `onStatus` sees each answer's status and time. */
function load(
  url: string,
  cookies: string[],
  options: Partial<autocannon.Options>,
  onStatus?: (status: number, ms: number) => void,
) {
  let next = 0;
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: 100,
        ...options,
        requests: [
          {
            method: 'GET',
            path: ROUTE,
            setupRequest: (request) => {
              next = (next + 1) % cookies.length;
              return { ...request, headers: { ...request.headers, cookie: cookies[next] ?? '' } };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onStatus) instance.on('response', (_client, status, _bytes, time) => onStatus(status, time));
  });
}

const bffEnv = (upstream: string) => ({
  UPSTREAM_URL: upstream,
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
  LOG_LEVEL: 'warn',
  KEY_SECRET: 'bench-secret-bench-secret',
  // 5,000 sign-ins of one persona from one IP, 50 at a time: the per-IP ceiling and the per-document
  // lock (attempts in flight count until they succeed) would stop them.
  SIGNIN_MAX_ATTEMPTS_PER_IP: '1000000',
  SIGNIN_MAX_FAILURES: '1000000',
  // and one person keeps at most 10 sessions: a sign-in beyond them ends the earliest
  SESSION_MAX_PER_DOCUMENT: '10000',
});

const stub = await startStub();
// 0. A socket drop with 1,000 proxy requests in flight: all settle as unavailable, the pending map empties.
{
  const drop = await measureSocketDrop(stub.url, 1_000);
  gate(
    'socket drop settles 1,000 in flight within 100 ms',
    drop.settleMs < 100 && drop.unavailable === 1_000 && drop.pendingAfter === 0,
    `${ms(drop.settleMs)} (${(drop.settleMs / 100).toFixed(2)} of the limit), ${drop.unavailable} unavailable, ${drop.pendingAfter} pending after`,
  );
  await fetch(`${stub.url}/__stub/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latencyMs: 20 }),
  });
}
const bff = await startAppProcess('bff', bffEnv(stub.url));
try {
  // 1. Sessions, then the open-loop load at the target rate.
  const started = Date.now();
  const cookies = await signIns(bff.url, SESSIONS);
  process.stdout.write(`${SESSIONS} sessions signed in in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  // Warm-up at the target rate: JIT, sockets and the heap reach their steady size first.
  await load(bff.url, cookies, { duration: 10, overallRate: RATE });
  const rssBefore = await metric(bff.url, 'portal_process_resident_memory_bytes');
  await metric(bff.url, 'portal_nodejs_eventloop_lag_p99_seconds'); // the lag histogram restarts at each scrape
  const steady = await load(bff.url, cookies, { duration: SECONDS, overallRate: RATE });
  const lagP99 = (await metric(bff.url, 'portal_nodejs_eventloop_lag_p99_seconds')) * 1000;
  const rssAfter = await metric(bff.url, 'portal_process_resident_memory_bytes');
  const growth = (rssAfter - rssBefore) / 2 ** 20;
  process.stdout.write(
    `\n${RATE} req/s for ${SECONDS} s over ${SESSIONS} sessions, upstream 20 ms: ${steady.requests.total} answered, ` +
      `p50 ${ms(steady.latency.p50)}, p99 ${ms(steady.latency.p99)}\n`,
  );
  gate(
    'p99 latency < 100 ms',
    steady.latency.p99 < 100,
    `${ms(steady.latency.p99)} (${(steady.latency.p99 / 100).toFixed(2)} of the limit)`,
  );
  gate('no errors', steady.errors + steady.non2xx === 0, `${steady.errors} errors, ${steady.non2xx} non-2xx`);
  gate('event-loop delay p99 < 50 ms', lagP99 < 50, ms(lagP99));
  gate('memory growth < 50 MB', growth < 50, `${growth.toFixed(1)} MB RSS`);

  // 2. Capacity, closed loop; then twice that offered: quick 503s, no crash, recovery within 5 s.
  const max = await load(bff.url, cookies, { duration: 10, connections: 200 });
  const capacity = max.requests.average;
  process.stdout.write(
    `\ncapacity: ${capacity.toFixed(0)} req/s (${(capacity / RATE).toFixed(2)}× the target rate)\n`,
  );
  const refusals: number[] = [];
  const overloaded = await load(
    bff.url,
    cookies,
    // Open-loop arrivals outrun the answers: many clients, each waiting on its own request.
    { duration: 10, connections: 1_500, overallRate: Math.round(2 * capacity) },
    (status, time) => {
      if (status === 503) refusals.push(time);
    },
  );
  const loadEnded = Date.now();
  let recoveredIn = Number.POSITIVE_INFINITY;
  for (;;) {
    const status = await fetch(`${bff.url}${ROUTE}`, { headers: { cookie: cookies[0] ?? '' } }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) {
      recoveredIn = Date.now() - loadEnded;
      break;
    }
    if (Date.now() - loadEnded > 30_000) break;
    await sleep(50);
  }
  refusals.sort((a, b) => a - b);
  const refusalP50 = refusals[Math.floor(refusals.length / 2)] ?? 0;
  process.stdout.write(
    `2× capacity offered for 10 s: ${overloaded.requests.total} answered, ${refusals.length} shed (503), ` +
      `${overloaded.errors} connection errors, p99 ${ms(overloaded.latency.p99)}\n`,
  );
  gate(
    'sheds with 503 + Retry-After',
    refusals.length > 0,
    `${refusals.length} shed, median ${ms(refusalP50)} to answer`,
  );
  gate(
    'survives',
    bff.child.exitCode === null,
    bff.child.exitCode === null ? 'still running' : `exited ${bff.child.exitCode}`,
  );
  gate('recovers within 5 s', recoveredIn < 5_000, `${ms(recoveredIn)} after the load stopped`);

  // 3. SIGTERM under load: what was sent is answered, nothing is reset, the process exits within 10 s.
  const outcomes = new Map<string, number>();
  const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  let stop = false;
  const worker = async (i: number) => {
    while (!stop) {
      try {
        const r = await fetch(`${bff.url}${ROUTE}`, {
          headers: { cookie: cookies[i % cookies.length] ?? '' },
        });
        await r.arrayBuffer();
        count(String(r.status));
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code ?? 'other';
        count(code);
        if (code === 'ECONNREFUSED') return;
      }
    }
  };
  const workers = Array.from({ length: 50 }, (_, i) => worker(i));
  await sleep(2_000);
  const signalled = Date.now();
  bff.kill('SIGTERM');
  const exit = await bff.exited;
  const exitMs = Date.now() - signalled;
  stop = true;
  await Promise.all(workers);
  const resets = [...outcomes].filter(([k]) => !/^\d+$/.test(k) && k !== 'ECONNREFUSED');
  process.stdout.write(`\nSIGTERM under load: ${JSON.stringify(Object.fromEntries(outcomes))}\n`);
  gate(
    'exits 0 within 10 s of SIGTERM',
    exit.code === 0 && exitMs < 10_000,
    `exit ${exit.code} after ${ms(exitMs)}`,
  );
  gate(
    'no connection reset',
    resets.length === 0,
    resets.length ? JSON.stringify(resets) : 'none (refused once closed)',
  );
} finally {
  bff.kill('SIGKILL');
  stub.kill('SIGKILL');
}

// 4. The BFF's own cost: a signed-in tRPC query making one upstream call against a bare Fastify + undici
// hop making the same call, side by side (issue 18 sets the target at 0.6; reported, not yet a gate).
{
  const hop = await measureHop();
  process.stdout.write(
    `\none upstream call, req/s: (a) simulator ${hop.a.toFixed(0)}, (b) bare Fastify + undici ${hop.b.toFixed(0)}, ` +
      `(c) tRPC auth.session ${hop.c.toFixed(0)}; c/b ${(hop.c / hop.b).toFixed(2)} (target 0.60, not yet met)\n`,
  );
}

const failed = gates.filter((g) => !g.ok);
process.stdout.write(`\n${gates.length - failed.length}/${gates.length} gates met\n`);
process.exit(failed.length ? 1 : 0);
