import { buildStub, type Stub } from '@portal/stub/app';
import { PERSONA } from '@portal/test-kit/harness';
import { testConfig } from '@portal/test-kit/test-config';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { outgoingTraceparent } from './request-scope';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

describe('the traceparent sent upstream', () => {
  it("keeps a valid incoming trace id and flags, with a parent id of the BFF's own", () => {
    const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const sent = outgoingTraceparent(incoming);
    const [, traceId, parentId, flags] = TRACEPARENT.exec(sent) ?? [];
    expect(traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(flags).toBe('01');
    expect(parentId).toMatch(/^[0-9a-f]{16}$/);
    expect(parentId).not.toBe('00f067aa0ba902b7');
  });

  it('starts a new trace, not sampled, when none came or what came is not a valid one', () => {
    for (const incoming of [
      undefined,
      '',
      'garbage',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01',
      ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'],
    ]) {
      const sent = outgoingTraceparent(incoming);
      const [, traceId, parentId, flags] = TRACEPARENT.exec(sent) ?? [];
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(traceId).not.toMatch(/^0+$|4bf92f3577b34da6a3ce929d0e0e4736/i);
      expect(parentId).not.toMatch(/^0+$/);
      expect(flags).toBe('00');
    }
    expect(outgoingTraceparent(undefined)).not.toBe(outgoingTraceparent(undefined));
  });
});

describe('upstream REST calls', () => {
  let stub: Stub;
  let app: FastifyInstance;
  let url: string;
  const lines: string[] = [];
  // what the upstream received: each login call's request id and traceparent
  const seen: { requestId?: string; traceparent?: string }[] = [];
  // the same for file fetches (logos), apart
  const files: { requestId?: string; traceparent?: string }[] = [];

  beforeAll(async () => {
    stub = await buildStub();
    stub.app.addHook('onRequest', async (req) => {
      const headers = {
        requestId: req.headers['x-request-id'] as string | undefined,
        traceparent: req.headers.traceparent as string | undefined,
      };
      if (req.url === '/login') seen.push(headers);
      if (req.url.startsWith('/logos/')) files.push(headers);
    });
    const stubUrl = await stub.app.listen({ port: 0, host: '127.0.0.1' });
    app = await buildApp(testConfig(stubUrl), { logStream: { write: (line) => lines.push(line) } });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await stub.app.close();
  });

  const signIn = (headers: Record<string, string>) =>
    request(url)
      .post('/trpc/auth.signIn')
      .set('content-type', 'application/json')
      .set('origin', url)
      .set(headers)
      .send(PERSONA.maria);

  it("carry the request's id and its caller's trace id, each request its own, at the upstream", async () => {
    seen.length = 0;
    const traces = ['4bf92f3577b34da6a3ce929d0e0e4736', '0af7651916cd43dd8448eb211c80319c'];
    const answers = await Promise.all(
      traces.map((trace, i) =>
        signIn({ 'x-request-id': `req-test-000${i}`, traceparent: `00-${trace}-b7ad6b7169203331-01` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(seen).toHaveLength(2);
    for (const [i, trace] of traces.entries()) {
      const call = seen.find((s) => s.requestId === `req-test-000${i}`);
      expect(call?.traceparent).toMatch(new RegExp(`^00-${trace}-[0-9a-f]{16}-01$`));
      expect(call?.traceparent).not.toContain('b7ad6b7169203331');
    }
  });

  it('carry a request id and a new valid traceparent when the caller sent neither', async () => {
    seen.length = 0;
    const answer = await signIn({});
    expect(answer.status).toBe(200);
    expect(seen[0]?.requestId).toBe(answer.headers['x-request-id']);
    expect(seen[0]?.traceparent).toMatch(TRACEPARENT);
  });

  it("log each call with the request's id, the path without its query, and the status", async () => {
    lines.length = 0;
    await signIn({ 'x-request-id': 'req-log-0001' });
    const calls = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'upstream call');
    expect(calls).toContainEqual(
      expect.objectContaining({ reqId: 'req-log-0001', upstream: 'POST /login', statusCode: 200 }),
    );
  });

  it("carry the request's id and trace on a file fetched from the upstream (a creditor's logo) too", async () => {
    files.length = 0;
    const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
    await request(url)
      .get('/api/logos/negocia-varejo.svg')
      .set({ 'x-request-id': 'req-logo-0001', traceparent: `00-${trace}-b7ad6b7169203331-01` });
    expect(files).toHaveLength(1);
    expect(files[0]?.requestId).toBe('req-logo-0001');
    expect(files[0]?.traceparent).toMatch(new RegExp(`^00-${trace}-[0-9a-f]{16}-01$`));
  });
});
