// The cost of the BFF's hop, measured side by side in one run on loopback against one simulator process:
// (a) the simulator directly, (b) a bare Fastify route making the same upstream call through an undici
// Pool, (c) a signed-in tRPC query making that call (auth.session re-validates the token with POST /login).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startAppProcess } from '@portal/bff/testing/app-process';
import { freePort } from '@portal/bff/testing/free-port';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_HOP_SECONDS ?? 10);
const MARIA = { cpfCnpj: '529.982.247-25', senha: 'Acordo@2026' };

async function startBare(upstream: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../../apps/bff/src/testing/bare-hop.ts', import.meta.url))],
    {
      env: { PATH: process.env.PATH, UPSTREAM_URL: upstream, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, kill: () => child.kill('SIGKILL') };
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon({ connections: 50, ...options }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

export async function measureHop() {
  const stub = await startAppProcess('stub', { LOG_LEVEL: 'warn' });
  const bff = await startAppProcess('bff', {
    UPSTREAM_URL: stub.url,
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    KEY_SECRET: 'bench-secret-bench-secret',
  });
  const bare = await startBare(stub.url);
  try {
    const login = await fetch(`${stub.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cpfCnpj: '52998224725', senha: MARIA.senha }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const signIn = await fetch(`${bff.url}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: bff.url },
      body: JSON.stringify(MARIA),
    });
    const cookie = signIn.headers.getSetCookie()[0]?.split(';')[0] ?? '';

    const targets = {
      a: {
        url: `${stub.url}/login`,
        method: 'POST' as const,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      },
      b: { url: `${bare.url}/hop?token=${encodeURIComponent(token)}` },
      c: { url: `${bff.url}/trpc/auth.session`, headers: { cookie } },
    };
    const results: Record<string, number> = {};
    for (const [name, target] of Object.entries(targets)) {
      await run({ ...target, duration: 3 }); // warm-up: JIT and sockets
      const result = await run({ ...target, duration: SECONDS });
      if (result.non2xx + result.errors > 0)
        throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      results[name] = result.requests.average;
    }
    return { a: results.a ?? 0, b: results.b ?? 0, c: results.c ?? 0 };
  } finally {
    bare.kill();
    bff.kill('SIGKILL');
    stub.kill('SIGKILL');
  }
}

// `node --import tsx scripts/bench/hop.ts`: this measurement alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { a, b, c } = await measureHop();
  process.stdout.write(
    `(a) simulator ${a.toFixed(0)} req/s\n(b) bare Fastify + undici ${b.toFixed(0)} req/s\n` +
      `(c) tRPC auth.session ${c.toFixed(0)} req/s\nc/b ${(c / b).toFixed(2)}\n`,
  );
}
