import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailableBody } from './error-envelope';

const app = Fastify();
beforeAll(async () => {
  app.all('/trpc/:path', { config: { procedureCall: true } }, async (req, reply) =>
    reply.code(503).send(unavailableBody(req, 'Instável.')),
  );
  app.get('/api/x', async (req, reply) => reply.code(503).send(unavailableBody(req, 'Instável.')));
  await app.ready();
});
afterAll(() => app.close());

const envelope = (path: string) => ({
  error: { message: 'Instável.', code: -32603, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path } },
});

describe("shedding's 503 body", () => {
  it('names each call of a batch as the request’s one reading does, a comma escaped once included', async () => {
    for (const url of [
      '/trpc/auth.session,auth.options?batch=1',
      '/trpc/auth.session%2cauth.options?batch=1',
    ]) {
      expect((await app.inject({ url })).json(), url).toEqual([
        envelope('auth.session'),
        envelope('auth.options'),
      ]);
    }
    expect((await app.inject({ url: '/trpc/auth.session' })).json()).toEqual(envelope('auth.session'));
  });

  it('is the plain envelope for a path that is not plain names, and outside tRPC', async () => {
    for (const url of ['/trpc/auth.session%252Cauth.options?batch=1', '/%74rpc/auth.session', '/api/x']) {
      expect((await app.inject({ url })).json(), url).toEqual({ error: { message: 'Instável.' } });
    }
  });
});
