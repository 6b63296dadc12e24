import { PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../store/memory-store';
import { MESSAGES } from '../trpc/to-trpc-error';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

/** The value of one Prometheus sample, by name and labels as printed (`{a="b"}`). */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/** Keeps the event loop busy (150 ms out of every ~155) for `ms`: a process past its capacity. */
function overload(ms: number) {
  const until = Date.now() + ms;
  return new Promise<void>((resolve) => {
    const burn = () => {
      const stop = Date.now() + 150;
      while (Date.now() < stop) {
        // busy on purpose
      }
      if (Date.now() < until) setTimeout(burn, 5);
      else resolve();
    };
    setTimeout(burn, 5);
  });
}

describe('probes', () => {
  it('answers /healthz while the process runs', async () => {
    const response = await request(stack.app.server).get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('is ready once started, whatever its dependencies say', async () => {
    const response = await request(stack.app.server).get('/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ready' });
  });

  it('stays ready while the upstream cannot be reached, and reports the channels down in /metrics', async () => {
    const own = await startStack();
    try {
      await own.stub.app.close();
      expect((await request(own.app.server).get('/readyz')).status).toBe(200);
      const text = (await request(own.app.server).get('/metrics')).text;
      for (const channel of ['proxy', 'activation', 'trail'])
        expect(sample(text, `portal_dependency_up{dependency="${channel}"}`)).toBe(0);
      expect(sample(text, 'portal_dependency_up{dependency="store"}')).toBe(1);
      expect((await request(own.app.server).get('/healthz')).status).toBe(200);
    } finally {
      await own.app.close();
    }
  });

  it('stays ready while the store does not answer, and reports it down in /metrics', async () => {
    const store = createMemoryStore();
    const own = await startStack({ deps: { store: Object.assign(store, { ping: async () => false }) } });
    try {
      expect((await request(own.app.server).get('/readyz')).status).toBe(200);
      const text = (await request(own.app.server).get('/metrics')).text;
      expect(sample(text, 'portal_dependency_up{dependency="store"}')).toBe(0);
      expect(sample(text, 'portal_dependency_up{dependency="proxy"}')).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('is not ready while draining for a shutdown, and alive all the same', async () => {
    const own = await startStack();
    try {
      own.app.beginShutdown();
      const response = await request(own.app.server).get('/readyz');
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.body).toEqual({ status: 'unavailable', reason: 'draining' });
      expect((await request(own.app.server).get('/healthz')).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('stays ready while its event loop is past the shedding limits: it sheds requests itself instead', async () => {
    const own = await startStack({ env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '50' } });
    try {
      let busy = true;
      const burning = overload(2_500).then(() => {
        busy = false;
      });
      const statuses = new Set<number>();
      let shed = false;
      while (busy) {
        statuses.add((await request(own.app.server).get('/readyz')).status);
        if ((await request(own.app.server).get('/trpc/auth.session')).status === 503) shed = true;
      }
      await burning;
      expect(shed).toBe(true);
      expect([...statuses]).toEqual([200]);
    } finally {
      await own.close();
    }
  });
});

describe('request ids', () => {
  it("answers with the proxy's request id, or a new one, and never takes a malformed one", async () => {
    const given = await request(stack.app.server).get('/healthz').set('x-request-id', 'abc123def456');
    expect(given.headers['x-request-id']).toBe('abc123def456');
    const made = await request(stack.app.server).get('/healthz');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const junk = await request(stack.app.server).get('/healthz').set('x-request-id', '"}{"level":60');
    expect(junk.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('metrics', () => {
  it('counts requests, latency, sessions, upstream errors and the channels', async () => {
    const client = stack.client();
    await client.trpc.auth.signIn.mutate(PERSONA.maria);
    const [creditor] = await client.trpc.debts.creditors.query();
    stack.stub.faults.set({ errorRate: 1 });
    await client.trpc.negotiation.contracts
      .query({ codcredor: creditor?.codcredor ?? '' })
      .catch(() => undefined);
    stack.stub.faults.reset();
    await client.trpc.auth.signOut.mutate();

    const response = await request(stack.app.server).get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.text;
    expect(
      sample(text, 'portal_http_requests_total{method="POST",route="trpc:auth.signIn",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'portal_http_requests_total{method="POST",route="trpc:auth.signOut",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="trpc:debts.creditors"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_sessions_total{event="started"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'portal_sessions_total{event="ended"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^portal_upstream_errors_total\{kind="[a-z-]+"\} [1-9]/m);
    expect(sample(text, 'portal_channel_pending_requests{channel="proxy"}')).toBe(0);
    expect(sample(text, 'portal_channel_connected{channel="proxy"}')).toBe(1);
    expect(sample(text, 'portal_channel_reconnects_total{channel="proxy"}')).toBe(0);
    expect(text).toContain('portal_process_resident_memory_bytes');
    expect(text).toContain('portal_nodejs_eventloop_lag_p99_seconds');
    // Labels are procedures and route patterns, never URLs: no document, procedure input or session id.
    const labels = (text.match(/\{[^}]*\}/g) ?? []).join(' ');
    expect(labels).not.toContain('route="/trpc/:path"');
    expect(labels).not.toMatch(/529|982|maria|input=|batch=/i);
  });

  it('counts a channel that connected again after the upstream dropped it', async () => {
    const own = await startStack();
    const client = own.client();
    await client.trpc.auth.signIn.mutate(PERSONA.maria);
    await client.trpc.debts.creditors.query();
    // The stub restarts on the same port: the proxy socket drops and the next call reconnects.
    const port = Number(new URL(own.stubUrl).port);
    await own.stub.app.close();
    const { buildStub } = await import('@portal/stub/app');
    const again = await buildStub();
    await again.app.listen({ port, host: '127.0.0.1' });
    await expect
      .poll(
        async () =>
          sample(
            (await request(own.app.server).get('/metrics')).text,
            'portal_dependency_up{dependency="proxy"}',
          ),
        { timeout: 10_000 },
      )
      .toBe(1);
    const text = (await request(own.app.server).get('/metrics')).text;
    expect(sample(text, 'portal_channel_reconnects_total{channel="proxy"}')).toBeGreaterThanOrEqual(1);
    await own.app.close();
    await again.app.close();
  });
});

describe('load shedding', () => {
  it('answers 503 at once to API requests beyond the in-flight ceiling, and serves the rest', async () => {
    const own = await startStack({ env: { OVERLOAD_MAX_IN_FLIGHT: '2' } });
    own.stub.faults.set({ latencyMs: 400 });
    try {
      const responses = await Promise.all(
        Array.from({ length: 5 }, () =>
          request(own.app.server)
            .post('/trpc/auth.signIn')
            .set('content-type', 'application/json')
            .send(PERSONA.joao)
            .then((r) => ({ status: r.status, retry: r.headers['retry-after'] })),
        ),
      );
      const shed = responses.filter((r) => r.status === 503);
      expect(responses.filter((r) => r.status === 200)).toHaveLength(2);
      expect(shed).toHaveLength(3);
      for (const r of shed) expect(r.retry).toBe('5');
      expect((await request(own.app.server).get('/healthz')).status).toBe(200);
    } finally {
      own.stub.faults.reset();
      await own.close();
    }
  });

  it('answers a quick 503 with Retry-After under overload, keeps the probes up, and recovers', async () => {
    const own = await startStack({ env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '50' } });
    let busy = true;
    const burning = overload(2_500).then(() => {
      busy = false;
    });
    let shed: request.Response | undefined;
    let probeWhileShedding: number | undefined;
    while (!shed && busy) {
      const [query, probe] = await Promise.all([
        request(own.app.server).get('/trpc/auth.session?batch=1&input={}'),
        request(own.app.server).get('/healthz'),
      ]);
      if (query.status === 503) {
        shed = query;
        probeWhileShedding = probe.status;
      }
    }
    await burning;
    expect(shed?.status).toBe(503);
    expect(shed?.headers['retry-after']).toBe('5');
    // The browser's tRPC client reads it as an error with the Portuguese message, per call of a batch.
    expect(shed?.body).toEqual([
      {
        error: {
          message: MESSAGES.unavailable,
          code: -32603,
          data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: 'auth.session' },
        },
      },
    ]);
    expect(probeWhileShedding).toBe(200);

    await expect
      .poll(async () => (await request(own.app.server).get('/trpc/auth.session')).status, {
        timeout: 5_000,
        interval: 100,
      })
      .toBe(200);
    const metrics = (await request(own.app.server).get('/metrics')).text;
    expect(sample(metrics, 'portal_requests_shed_total')).toBeGreaterThanOrEqual(1);
    await own.close();
  });
});
