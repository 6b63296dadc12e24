import { buildStub, type Stub } from '@portal/stub/app';
import { startBffProcess } from '@portal/test-kit/app-process';
import { createClient, failure, PERSONA } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from './trpc/to-trpc-error';

let stub: Stub;
let stubUrl: string;
beforeAll(async () => {
  stub = await buildStub();
  stubUrl = await stub.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => stub.app.close());

const refused = (url: string) =>
  fetch(`${url}/healthz`).then(
    () => false,
    () => true,
  );

describe('SIGTERM', () => {
  it('lets requests in flight finish, takes no new connection, and exits 0 well within 10 s', async () => {
    const bff = await startBffProcess({ UPSTREAM_URL: stubUrl });
    const client = createClient(bff.url);
    await client.trpc.auth.signIn.mutate(PERSONA.joao);
    stub.faults.set({ latencyMs: 2_000 });
    try {
      const inFlight = fetch(`${bff.url}/trpc/debts.creditors`, {
        headers: { cookie: client.cookieHeader() },
      });
      await new Promise((r) => setTimeout(r, 300));
      const sent = Date.now();
      bff.kill('SIGTERM');
      // First the drain: still serving, keep-alive untouched, but not ready.
      await expect
        .poll(async () => (await fetch(`${bff.url}/readyz`)).status, { timeout: 900, interval: 50 })
        .toBe(503);
      const during = await fetch(`${bff.url}/healthz`);
      expect(during.status).toBe(200);
      expect(during.headers.get('connection')).not.toBe('close');
      await expect.poll(() => refused(bff.url), { timeout: 3_000 }).toBe(true);
      // João has no contracts: the answer is an empty list, delivered in full after the listener closed,
      // and its connection closes with it.
      const answer = await inFlight;
      expect(answer.headers.get('connection')).toBe('close');
      expect(((await answer.json()) as { result: { data: unknown } }).result.data).toEqual([]);
      const { code } = await bff.exited;
      expect(code).toBe(0);
      expect(Date.now() - sent).toBeLessThan(10_000);
      expect(bff.output()).toContain('shutdown: started');
    } finally {
      stub.faults.reset();
      bff.kill('SIGKILL');
    }
  });

  it('past the grace period, answers what still waits on the upstream with a clear message, not a reset', async () => {
    const bff = await startBffProcess({ UPSTREAM_URL: stubUrl, SHUTDOWN_GRACE_MS: '1000' });
    const client = createClient(bff.url);
    await client.trpc.auth.signIn.mutate(PERSONA.joao);
    stub.faults.set({ proxySilent: true });
    try {
      const waiting = failure(client.trpc.debts.creditors.query());
      await new Promise((r) => setTimeout(r, 300));
      const sent = Date.now();
      bff.kill('SIGTERM');
      const error = await waiting;
      expect(error.data?.httpStatus).toBe(503);
      expect(error.message).toBe(MESSAGES.noResponse);
      const { code } = await bff.exited;
      expect(code).toBe(0);
      // The grace period (1 s) and a little more, far from the 10 s ceiling.
      expect(Date.now() - sent).toBeLessThan(5_000);
      expect(bff.output()).toContain('shutdown: grace period over');
    } finally {
      stub.faults.reset();
      bff.kill('SIGKILL');
    }
  });
});
