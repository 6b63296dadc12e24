import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStub, type Stub } from '@portal/stub/app';
import { type AppProcess, startBffProcess } from '@portal/test-kit/app-process';
import { createClient, PERSONA } from '@portal/test-kit/harness';
import { type ReceivedSpan, startOtlpReceiver } from '@portal/test-kit/otlp-receiver';
import { startRedisServer } from '@portal/test-kit/redis-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tracingConfigured } from './start';

const SERVER = 2;
const CLIENT = 3;
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const PROBE = fileURLToPath(import.meta.resolve('@portal/test-kit/module-probe.mjs'));

/** What the upstream received: each request's path, id and every `traceparent` header it carried. */
interface Seen {
  url: string;
  requestId?: string;
  traceparents: string[];
}

let stub: Stub;
let stubUrl: string;
const seen: Seen[] = [];
beforeAll(async () => {
  stub = await buildStub();
  stub.app.addHook('onRequest', async (req) => {
    const raw = req.raw.rawHeaders;
    seen.push({
      url: req.url,
      requestId: req.headers['x-request-id'] as string | undefined,
      traceparents: raw.filter((_, i) => i % 2 === 1 && raw[i - 1]?.toLowerCase() === 'traceparent'),
    });
  });
  stubUrl = await stub.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => stub.app.close());

const upstreamCall = (requestId: string, path: string) =>
  seen.find((s) => s.requestId === requestId && s.url.split('?')[0] === path);

/** A signed-in person's calls, each with a request id of the test's, for finding its spans and logs. */
async function signedIn(url: string, prefix: string) {
  const { trpc, cookieHeader } = createClient(url, { 'x-request-id': `${prefix}-sign-in` });
  await trpc.auth.signIn.mutate(PERSONA.maria);
  return (requestId: string, path: string) =>
    fetch(`${url}${path}`, { headers: { cookie: cookieHeader(), 'x-request-id': `${prefix}-${requestId}` } });
}

describe('tracing is configured', () => {
  it('by an OTLP endpoint, for every signal or for traces alone, unless the SDK or its exporter is off', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingConfigured({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingConfigured({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });
});

describe('with an OTLP endpoint', () => {
  let bff: AppProcess;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let sessionId = '';

  beforeAll(async () => {
    [receiver, redis] = await Promise.all([startOtlpReceiver(), startRedisServer()]);
    bff = await startBffProcess({
      UPSTREAM_URL: stubUrl,
      REDIS_URL: redis.url,
      KEY_SECRET: 'a-secret-for-the-tracing-test',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '50',
    });
    const { trpc, jar, cookieHeader } = createClient(bff.url, { 'x-request-id': 'req-on-sign-in' });
    await trpc.auth.signIn.mutate(PERSONA.maria);
    sessionId = jar.get('sid') ?? 'missing';
    const get = (requestId: string, path: string) =>
      fetch(`${bff.url}${path}`, { headers: { cookie: cookieHeader(), 'x-request-id': requestId } });
    // the score goes upstream with the document in its query; the creditors through the proxy channel
    for (const answer of await Promise.all([
      get('req-on-score', '/trpc/account.score'),
      get('req-on-creditors', '/trpc/debts.creditors'),
      get('req-on-query', `/trpc/auth.session?input=${encodeURIComponent('{"cpfCnpj":"52998224725"}')}`),
    ]))
      expect(answer.status).toBeLessThan(500);
    const paths = ['/trpc/auth.signIn', '/trpc/account.score', '/trpc/debts.creditors', '/trpc/auth.session'];
    await vi.waitFor(() => expect(paths.filter((path) => !serverSpan(path))).toEqual([]), {
      timeout: 10_000,
      interval: 50,
    });
  }, 30_000);
  afterAll(async () => {
    bff?.kill('SIGKILL');
    await Promise.all([receiver?.close(), redis?.stop()]);
  });

  const serverSpan = (path: string) =>
    receiver.spans.find((s) => s.kind === SERVER && s.attributes['url.path'] === path);
  const childrenOf = (parent: ReceivedSpan | undefined) =>
    receiver.spans.filter((s) => parent && s.traceId === parent.traceId && s.parentSpanId === parent.spanId);

  it('exports a span for the incoming request and one for its upstream REST call, its child', async () => {
    const incoming = serverSpan('/trpc/auth.signIn');
    expect(incoming?.service).toBe('portal-bff');
    expect(incoming?.scope).toBe('@opentelemetry/instrumentation-http');
    const upstream = childrenOf(incoming).find((s) => s.scope === '@opentelemetry/instrumentation-undici');
    expect(upstream).toMatchObject({ kind: CLIENT, attributes: { 'url.path': '/login' } });
  });

  it("sends the upstream one traceparent, the REST call span's, and the request's id", () => {
    const incoming = serverSpan('/trpc/auth.signIn');
    const upstream = childrenOf(incoming).find((s) => s.attributes['url.path'] === '/login');
    const call = upstreamCall('req-on-sign-in', '/login');
    expect(call?.traceparents).toEqual([`00-${incoming?.traceId}-${upstream?.spanId}-01`]);
  });

  it("exports the request's Redis commands as its children, by command name alone", () => {
    const commands = childrenOf(serverSpan('/trpc/auth.signIn')).filter(
      (s) => s.scope === '@opentelemetry/instrumentation-ioredis',
    );
    expect(commands.length).toBeGreaterThan(0);
    // no key (a session's, a person's counter) and no value: the command's name, as the span's
    for (const command of commands) expect(command.attributes['db.query.text']).toMatch(/^[a-z]+$/);
  });

  it('exports a span for each proxy-channel call, child of the request it serves', () => {
    const calls = childrenOf(serverSpan('/trpc/debts.creditors')).filter((s) => s.name.startsWith('proxy '));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls[0]).toMatchObject({ kind: CLIENT, attributes: { 'rpc.system': 'proxy-channel' } });
  });

  it("writes the trace's id on the request's log lines, beside the request id", () => {
    const traceId = serverSpan('/trpc/auth.signIn')?.traceId;
    const lines = bff
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map(
        (line) => JSON.parse(line) as { reqId?: string; trace_id?: string; span_id?: string; msg?: string },
      );
    const completed = lines.find((l) => l.reqId === 'req-on-sign-in' && l.msg === 'request completed');
    expect(completed).toMatchObject({ trace_id: traceId, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it('exports no query string, document, password or session id', () => {
    const score = upstreamCall('req-on-score', '/score');
    expect(score?.url).toContain('cpfCnpj=');
    const exported = receiver.bodies.join('\n');
    expect(exported).toContain('/score');
    for (const secret of ['52998224725', '529.982.247-25', 'Acordo@2026', sessionId])
      expect(exported).not.toContain(secret);
    expect(serverSpan('/trpc/auth.session')?.attributes['url.query']).toBe('REDACTED');
  });
});

describe('without an OTLP endpoint', () => {
  let bff: AppProcess;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'module-probe-'));
    bff = await startBffProcess({
      UPSTREAM_URL: stubUrl,
      NODE_OPTIONS: `--import ${PROBE}`,
      MODULE_PROBE_FILE: join(dir, 'modules'),
    });
  }, 30_000);
  afterAll(async () => {
    bff?.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it("sends the upstream one traceparent of the BFF's own, a new trace not sampled, as before", async () => {
    const get = await signedIn(bff.url, 'req-off');
    expect((await get('creditors', '/trpc/debts.creditors')).status).toBe(200);
    const call = upstreamCall('req-off-sign-in', '/login');
    expect(call?.traceparents).toHaveLength(1);
    expect(call?.traceparents[0]).toMatch(TRACEPARENT);
    expect(call?.traceparents[0]?.endsWith('-00')).toBe(true);
  });

  it("loads nothing of OpenTelemetry's SDK, instrumentations or module hooks", async () => {
    bff.kill('SIGTERM');
    expect((await bff.exited).code).toBe(0);
    const modules = (await readFile(join(dir, 'modules'), 'utf8')).split('\n');
    // the probe sees the app's own dependencies, loaded the same way
    expect(modules.some((m) => m.includes('/node_modules/fastify/'))).toBe(true);
    // prom-client loads the API (a no-op without the SDK) for its exemplars, tracing or not
    expect(modules.some((m) => m.includes('/node_modules/@opentelemetry/api/'))).toBe(true);
    const sdk = modules.filter((m) => /@opentelemetry\/(?!api\/)|-in-the-middle\//.test(m));
    expect(sdk).toEqual([]);
  });
});
