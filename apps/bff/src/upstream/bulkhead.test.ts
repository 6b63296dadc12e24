import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildStub, type Stub } from '@portal/stub/app';
import { type FaultProxy, startFaultProxy } from '@portal/test-kit/fault-proxy';
import { createClient, PERSONA } from '@portal/test-kit/harness';
import { testConfig } from '@portal/test-kit/test-config';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { MESSAGES } from '../trpc/to-trpc-error';

// The API sheds every request beyond 300 in flight; the proxy channel's own bound, by default half of it,
// keeps calls stuck on the upstream from taking every slot.
const API_BOUND = 300;
const BOUND = API_BOUND / 2;

let stub: Stub;
let proxy: FaultProxy;
let app: FastifyInstance;
let url: string;
let dist: string;

beforeEach(async () => {
  stub = await buildStub();
  const stubUrl = await stub.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = await startFaultProxy(stubUrl);
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
  app = await buildApp(
    testConfig(stubUrl, {
      // only the socket channels go through the fault proxy: REST calls reach the stub directly
      UPSTREAM_WS_URL: proxy.url.replace(/^http/, 'ws'),
      UPSTREAM_HEARTBEAT_MS: '60000',
      PROXY_TIMEOUT_MS: '60000',
      OVERLOAD_MAX_IN_FLIGHT: String(API_BOUND),
      SHUTDOWN_GRACE_MS: '100',
      WEB_DIST: dist,
    }),
  );
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(async () => {
  proxy.set('pass');
  stub.faults.reset();
  await app.close();
  await proxy.close();
  await stub.app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe.each([
  ['slow', () => proxy.set('delay', 30_000)],
  ['silent', () => stub.faults.set({ proxySilent: true })],
] as const)('while the proxy channel is %s', (_name, breakIt) => {
  it('sign-in, auth.session, the SPA and /healthz answer while proxy calls are stuck; calls beyond the bound fail at once', async () => {
    const maria = createClient(url);
    await maria.trpc.auth.signIn.mutate(PERSONA.maria);
    // the channel is open before it breaks
    await maria.trpc.debts.creditors.query();
    breakIt();

    let stuckSettled = 0;
    // As many proxy calls as the API takes in all: without a bound of their own they would fill it.
    const calls = Array.from({ length: API_BOUND }, () =>
      maria.trpc.debts.creditors.query().then(
        () => 'answered',
        (error: { message: string; data?: { httpStatus?: number } }) => {
          stuckSettled += 1;
          return `${error.data?.httpStatus} ${error.message}`;
        },
      ),
    );
    // Beyond the bound: refused at once, with the message of an upstream that does not answer. "At once" is
    // long before the stuck calls' 30 s: 300 requests on a busy 2-core machine took more than 5 s to send.
    await expect.poll(() => stuckSettled, { timeout: 20_000 }).toBe(API_BOUND - BOUND);
    const refused = await Promise.all(calls.slice(BOUND));
    expect(new Set(refused)).toEqual(new Set([`503 ${MESSAGES.noResponse}`]));

    // Within the bound the calls are stuck; everything that does not need the channel still answers.
    const started = performance.now();
    const other = createClient(url);
    await other.trpc.auth.signIn.mutate(PERSONA.joao);
    expect((await maria.trpc.auth.session.query())?.nome).toBeTruthy();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const spa = await fetch(`${url}/minha-conta`, { headers: { accept: 'text/html' } });
    expect(await spa.text()).toContain('<title>SPA</title>');
    const elapsed = performance.now() - started;
    expect(stuckSettled).toBe(API_BOUND - BOUND);
    console.log(
      `[bulkhead, proxy ${_name}] ${BOUND} calls stuck, ${API_BOUND - BOUND} refused at once; sign-in, session, /healthz and the SPA answered in ${elapsed.toFixed(0)} ms together`,
    );
  }, 40_000);
});
