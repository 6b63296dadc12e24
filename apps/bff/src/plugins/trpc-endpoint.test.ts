import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyReply, type FastifyRequest, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HTTP_MESSAGES } from '../http/error-envelope';
import type { Context } from '../trpc/context';
import { publicProcedure, router } from '../trpc/init';
import { INPUT_INVALID_MESSAGE, MESSAGES } from '../trpc/to-trpc-error';
import { UpstreamError } from '../upstream/errors';
import { trpcEndpoint } from './trpc-endpoint';

// The app's own procedure builders, so its error formatter and error mapping apply.
const testRouter = router({
  t: router({
    greet: publicProcedure
      .input(z.object({ name: z.string().min(2) }))
      .query(({ input }) => ({ greeting: `Olá, ${input.name}` })),
    nothing: publicProcedure.query(() => null),
    refuse: publicProcedure.query(() => {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Não.' });
    }),
    crash: publicProcedure.query(() => {
      throw new Error('internal detail');
    }),
    upstream: publicProcedure.query(() => {
      throw new UpstreamError('unavailable', 'upstream GET /x answered 502');
    }),
    streamed: publicProcedure.query(() => ({ later: Promise.resolve(1) })),
    big: publicProcedure.query(() => ({ text: 'dados '.repeat(400) })),
    remember: publicProcedure.input(z.object({ n: z.number() })).mutation(({ ctx, input }) => {
      ctx.res.setCookie('n', String(input.n), { path: '/', httpOnly: true });
      return { n: input.n };
    }),
    bye: publicProcedure.mutation(() => ({ ok: true })),
  }),
});

type Way = 'direct' | 'adapter';

/** A Fastify app serving testRouter at /trpc; it notes how each call was served and what onError saw. */
async function build(endpoint: 'ours' | 'stock') {
  const ways: Way[] = [];
  const errors: string[] = [];
  const createContext = async (opts: { req: FastifyRequest; res: FastifyReply }) => {
    ways.push('info' in opts ? 'adapter' : 'direct');
    if (opts.req.headers['x-no-context'])
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sem contexto.' });
    return { req: opts.req, res: opts.res, session: null, device: 'desktop' } as unknown as Context;
  };
  const trpcOptions = {
    router: testRouter,
    createContext,
    maxBatchSize: 10,
    onError: ({ error, path, type }: { error: TRPCError; path?: string; type: string }) => {
      errors.push(`${path} ${type} ${error.code} ${error.message}`);
    },
  };
  const app = Fastify({ routerOptions: { maxParamLength: 5000 } });
  await app.register(cookie);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  if (endpoint === 'ours') {
    await trpcEndpoint(app, { prefix: '/trpc', ...trpcOptions });
  } else {
    // tRPC's own Fastify plugin, its Response turned into bytes as the app did before it had its endpoint
    app.addHook('onSend', async (_req, reply, payload) => {
      if (!(payload instanceof Response)) return payload;
      reply.status(payload.status);
      for (const [name, value] of payload.headers) reply.header(name, value);
      return Buffer.from(await payload.arrayBuffer());
    });
    await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
  }
  await app.ready();
  return { app, ways, errors };
}

let ours: Awaited<ReturnType<typeof build>>;
let stock: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  [ours, stock] = await Promise.all([build('ours'), build('stock')]);
});
afterAll(async () => {
  await Promise.all([ours.app.close(), stock.app.close()]);
});

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const json = { 'content-type': 'application/json' };

/** Sends the request to both apps: same status, headers (but the date), bytes and onError reports; how ours served it. */
async function compare(request: InjectOptions) {
  for (const side of [ours, stock]) {
    side.ways.length = 0;
    side.errors.length = 0;
  }
  const [a, b] = await Promise.all([ours.app.inject(request), stock.app.inject(request)]);
  const headers = (h: Record<string, unknown>) => ({ ...h, date: undefined });
  expect({ status: a.statusCode, headers: headers(a.headers) }).toEqual({
    status: b.statusCode,
    headers: headers(b.headers),
  });
  expect(a.rawPayload.equals(b.rawPayload), `${a.body}\n  vs\n${b.body}`).toBe(true);
  expect(ours.errors).toEqual(stock.errors);
  return ours.ways[0];
}

describe('the tRPC endpoint', () => {
  it.each<[string, InjectOptions]>([
    ['a query', { url: `/trpc/t.greet?input=${input({ name: 'Ana' })}` }],
    ['a query without input', { url: '/trpc/t.nothing' }],
    ['a query with an empty input', { url: '/trpc/t.nothing?input=' }],
    ['an input the schema refuses', { url: `/trpc/t.greet?input=${input({ name: 'A' })}` }],
    ['a TRPCError', { url: '/trpc/t.refuse' }],
    ['an unexpected error', { url: '/trpc/t.crash' }],
    ['an upstream failure', { url: '/trpc/t.upstream' }],
    ['an answer that needs a streaming link', { url: '/trpc/t.streamed' }],
    ['a context that fails', { url: '/trpc/t.nothing', headers: { 'x-no-context': '1' } }],
    ['a compressed answer', { url: '/trpc/t.big', headers: { 'accept-encoding': 'br' } }],
    [
      'a batch of queries',
      {
        url: `/trpc/t.greet,t.refuse,t.nothing,t.greet,t.upstream?batch=1&input=${input({ 0: { name: 'Ana' }, 3: { name: 'B' } })}`,
      },
    ],
    [
      'a batch of successes',
      { url: `/trpc/t.nothing,t.greet?batch=1&input=${input({ 1: { name: 'Ana' } })}` },
    ],
    ['a batch named with an escaped comma', { url: '/trpc/t.nothing%2Ct.refuse?batch=1&input=%7B%7D' }],
    ['a batch with an answer that needs streaming', { url: '/trpc/t.streamed,t.nothing?batch=1' }],
    [
      'a batch whose context fails',
      { url: '/trpc/t.nothing,t.refuse?batch=1', headers: { 'x-no-context': '1' } },
    ],
    ['a mutation', { method: 'POST', url: '/trpc/t.remember', headers: json, payload: { n: 7 } }],
    [
      'a mutation the schema refuses',
      { method: 'POST', url: '/trpc/t.remember', headers: json, payload: { n: 'x' } },
    ],
    [
      'a batch of mutations',
      { method: 'POST', url: '/trpc/t.remember,t.bye?batch=1', headers: json, payload: { 0: { n: 1 } } },
    ],
  ])('answers %s as tRPC does, directly', async (_name, request) => {
    expect(await compare(request)).toBe('direct');
  });

  it.each<[string, InjectOptions]>([
    ['an unknown procedure', { url: '/trpc/t.nowhere' }],
    ['a mutation by GET', { url: '/trpc/t.bye' }],
    ['a query by POST', { method: 'POST', url: '/trpc/t.nothing', headers: json, payload: {} }],
    ['input that is not JSON', { url: '/trpc/t.greet?input=%7Bname' }],
    ['a batch beyond the limit', { url: `/trpc/${Array(11).fill('t.nothing').join(',')}?batch=1` }],
    [
      'a streaming batch',
      { url: '/trpc/t.nothing?batch=1', headers: { 'trpc-accept': 'application/jsonl' } },
    ],
    ['a mutation without a body', { method: 'POST', url: '/trpc/t.bye', headers: json }],
    ['a HEAD request', { method: 'HEAD', url: '/trpc/t.nothing' }],
  ])('leaves %s to tRPC’s adapter', async (_name, request) => {
    // (a call refused before any context is made leaves no trace of the way it went)
    expect(await compare(request)).not.toBe('direct');
  });
});

describe('what the endpoint refuses or words itself', () => {
  const refusal = { error: { message: HTTP_MESSAGES.badRequest } };

  it.each([
    ['a comma escaped twice', '/trpc/t.nothing%252Ct.refuse?batch=1'],
    ['an escape escaped', '/trpc/t.nothing%2525?batch=1'],
    ['a prefix spelt in escapes', '/%74rpc/t.nothing'],
    ['a slash escaped', '/trpc/t%2Fnothing'],
    ['a comma outside a batch', '/trpc/t.nothing,t.refuse'],
    ['a space', '/trpc/t.nothing%20'],
    ['an empty name in a batch', '/trpc/t.nothing,?batch=1'],
  ])('refuses %s before any procedure runs', async (_name, url) => {
    ours.ways.length = 0;
    const response = await ours.app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal);
    expect(ours.ways).toEqual([]);
  });

  it.each<[string, InjectOptions]>([
    ['a query', { url: '/trpc/t.greet?batch=1&input=5' }],
    [
      'a streamed query',
      { url: '/trpc/t.greet?batch=1&input=null', headers: { 'trpc-accept': 'application/jsonl' } },
    ],
    ['a mutation', { method: 'POST', url: '/trpc/t.remember,t.bye?batch=1', headers: json, payload: '[1]' }],
  ])(
    'refuses a batch whose input is not an object (%s), in Portuguese, before any procedure runs',
    async (_name, request) => {
      ours.ways.length = 0;
      const response = await ours.app.inject(request);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal);
      expect(ours.ways).toEqual([]);
    },
  );

  it.each<[string, string, string]>([
    ['an unknown procedure', '/trpc/t.nowhere', HTTP_MESSAGES.notFound],
    ['a mutation by GET', '/trpc/t.bye', HTTP_MESSAGES.badRequest],
    ['input that is not JSON', '/trpc/t.greet?input=%7Bname', HTTP_MESSAGES.badRequest],
    [
      'a batch beyond the limit',
      `/trpc/${Array(11).fill('t.nothing').join(',')}?batch=1`,
      HTTP_MESSAGES.badRequest,
    ],
    ['an unexpected error', '/trpc/t.crash', MESSAGES.unexpected],
    ['an answer that needs a streaming link', '/trpc/t.streamed', HTTP_MESSAGES.unsupportedContentType],
  ])('words %s in Portuguese', async (_name, url, message) => {
    const body = (await ours.app.inject({ url })).json<
      { error: { message: string } }[] | { error: { message: string } }
    >();
    for (const item of Array.isArray(body) ? body : [body]) expect(item.error.message).toBe(message);
  });

  it('answers an input the schema refuses with the field at fault, never the schema’s issues', async () => {
    const response = await ours.app.inject({ url: `/trpc/t.greet?input=${input({ name: 1, extra: 'x' })}` });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: { message: string; data: { fields: string[] } } }>();
    expect(error.message).toBe(INPUT_INVALID_MESSAGE);
    expect(error.data.fields).toEqual(['name']);
    expect(response.body).not.toMatch(/expected|received|invalid_type|Too small/i);
  });
});
