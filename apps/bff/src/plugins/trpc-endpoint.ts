import {
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  type inferRouterContext,
  TRPCError,
  transformTRPCResponse,
} from '@trpc/server';
import { type FastifyHandlerOptions, fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { TRPCResponse } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_MESSAGES, sendError } from '../http/error-envelope';
import { type ProcedureCall, REFUSED, readProcedureCall } from '../http/procedure-call';

interface TrpcEndpointOptions<TRouter extends AnyTRPCRouter> {
  prefix: string;
  router: TRouter;
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Promise<inferRouterContext<TRouter>>;
  onError?: FastifyHandlerOptions<TRouter, FastifyRequest, FastifyReply>['onError'];
  maxBatchSize: number;
}

/** A plain JSON call: queries by GET or mutations by POST, alone or batched, their input parsed. */
interface PlainCall {
  type: 'query' | 'mutation';
  batch: boolean;
  calls: { path: string; procedure: AnyTRPCProcedure; input: unknown }[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && !Array.isArray(value) && typeof value === 'object';
const isAsyncIterable = (value: unknown) => isObject(value) && Symbol.asyncIterator in value;
const isPromise = (value: unknown) =>
  isObject(value) && typeof value.then === 'function' && typeof value.catch === 'function';
/** What tRPC refuses to answer outside a streaming link: an async iterable, or an object of promises. */
const isDataStream = (value: unknown) =>
  isObject(value) &&
  (isAsyncIterable(value) || Object.values(value).some((v) => isPromise(v) || isAsyncIterable(v)));
const streamRefused = () =>
  new TRPCError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
  });

/**
 * Whether a batch's input, when it is JSON, is an object of inputs by position. Refused here, before either
 * way runs: tRPC's own refusal of it is English, and comes only once a procedure reads its input.
 */
function batchInputIsObject(req: FastifyRequest): boolean {
  const query = req.url.indexOf('?');
  const text =
    req.method === 'GET'
      ? new URLSearchParams(query < 0 ? '' : req.url.slice(query + 1)).get('input')
      : typeof req.body === 'string'
        ? req.body
        : null;
  if (!text) return true;
  try {
    const inputs: unknown = JSON.parse(text);
    return isObject(inputs);
  } catch {
    return true; // not JSON: refused as such, in the portal's words
  }
}

/**
 * The tRPC endpoint. A plain JSON call (what the web client sends) is answered here, straight from the
 * procedures, in tRPC's wire format: its error shapes, status codes, headers and `onError` reports, as its
 * resolveResponse makes them. tRPC's Fastify adapter would build a web Request, Response, abort signals
 * and streams for each call: that was most of an API request's cost. Anything else (HEAD, form data,
 * streaming or subscriptions, a malformed URL or input, an unknown or mismatched procedure) goes to that
 * adapter, which answers or refuses it as tRPC does. Both run the procedures the request's one reading
 * names (readProcedureCall), never a decoding of their own. Procedures get no abort signal here (none
 * reads one).
 */
export async function trpcEndpoint<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  { prefix, router, createContext, onError, maxBatchSize }: TrpcEndpointOptions<TRouter>,
) {
  const config = router._def._config;
  const procedures: Record<string, AnyTRPCProcedure | undefined> = router._def.procedures;
  // Without a data transformer (no superjson) tRPC's serialising only copies the answer.
  const probe = {};
  const plainJson =
    config.transformer.output.serialize(probe) === probe &&
    config.transformer.input.deserialize(probe) === probe;
  const serialize = (json: TRPCResponse | TRPCResponse[]) =>
    JSON.stringify(plainJson ? json : transformTRPCResponse(config, json));

  /** The request as a plain call of the procedures its one reading names; undefined for the adapter's cases. */
  function plainCall(req: FastifyRequest, { paths, batch }: ProcedureCall): PlainCall | undefined {
    const type = req.method === 'GET' ? 'query' : req.method === 'POST' ? 'mutation' : undefined;
    const contentType = req.headers['content-type'];
    if (
      !type ||
      (contentType === undefined ? type === 'mutation' : !contentType.startsWith('application/json'))
    )
      return undefined;
    if (req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('application/jsonl'))
      return undefined;
    const query = req.url.indexOf('?');
    try {
      const params = new URLSearchParams(query < 0 ? '' : req.url.slice(query + 1));
      if (params.has('connectionParams')) return undefined;
      const text = type === 'query' ? (params.get('input') ?? '') : req.body;
      if (typeof text !== 'string' || (type === 'mutation' && text === '') || paths.length > maxBatchSize)
        return undefined;
      const inputs: unknown = text === '' ? undefined : JSON.parse(text);
      if (batch && inputs !== undefined && !isObject(inputs)) return undefined;
      const calls: PlainCall['calls'] = [];
      for (const [index, path] of paths.entries()) {
        const procedure = procedures[path];
        if (procedure?._def.type !== type) return undefined;
        const input = batch && inputs !== undefined ? (inputs as Record<number, unknown>)[index] : inputs;
        calls.push({
          path,
          procedure,
          input: input === undefined ? undefined : config.transformer.input.deserialize(input),
        });
      }
      return { type, batch, calls };
    } catch {
      return undefined; // a malformed input: the adapter refuses it with tRPC's error, in Portuguese
    }
  }

  /** A request's calls, their context, and whether a procedure has read the inputs yet. */
  interface CallState extends PlainCall {
    req: FastifyRequest;
    ctx: inferRouterContext<TRouter> | undefined;
    ctxError: TRPCError | undefined;
    inputsRead: boolean;
  }

  // As tRPC's, an error names its call's input only once a procedure has read the inputs.
  const inputOf = (state: CallState, index: number) =>
    state.inputsRead ? state.calls[index]?.input : undefined;
  const shape = (
    state: CallState,
    error: TRPCError,
    path: string | undefined,
    input: unknown,
  ): TRPCResponse => ({
    error: getTRPCErrorShape({ config, error, type: state.type, path, input, ctx: state.ctx }),
  });

  /** One call's data, or its error (reported to onError as tRPC does). */
  async function run(state: CallState, batchIndex: number): Promise<{ data?: unknown; error?: TRPCError }> {
    const { path, procedure, input } = state.calls[batchIndex] as PlainCall['calls'][number];
    try {
      if (state.ctxError) throw state.ctxError;
      const getRawInput = async () => {
        state.inputsRead = true;
        return input;
      };
      return {
        data: await procedure({
          path,
          getRawInput,
          ctx: state.ctx,
          type: state.type,
          signal: undefined,
          batchIndex,
        }),
      };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      onError?.({
        error,
        path,
        input: inputOf(state, batchIndex),
        ctx: state.ctx,
        type: state.type,
        req: state.req,
      });
      return { error };
    }
  }

  /** The answer as tRPC's resolveResponse makes it: one item per call, a batch as an array. */
  function responseOf(state: CallState, outcomes: { data?: unknown; error?: TRPCError }[]) {
    try {
      const items = outcomes.map((outcome, index): TRPCResponse => {
        const path = state.calls[index]?.path;
        if (outcome.error) return shape(state, outcome.error, path, inputOf(state, index));
        if (!isDataStream(outcome.data)) return { result: { data: outcome.data } };
        if (state.batch) return shape(state, streamRefused(), path, inputOf(state, index));
        throw streamRefused();
      });
      const json = state.batch ? items : (items[0] as TRPCResponse);
      return { json, body: serialize(json) };
    } catch (cause) {
      // what fails in making the answer is answered and reported for the request as a whole
      const error = getTRPCErrorFromUnknown(cause);
      onError?.({
        error,
        path: undefined,
        input: undefined,
        ctx: state.ctx,
        type: state.type,
        req: state.req,
      });
      const json = shape(state, error, undefined, undefined);
      return { json, body: serialize(json) };
    }
  }

  async function answer(req: FastifyRequest, reply: FastifyReply, { type, batch, calls }: PlainCall) {
    const state: CallState = {
      type,
      batch,
      calls,
      req,
      ctx: undefined,
      ctxError: undefined,
      inputsRead: false,
    };
    try {
      state.ctx = await createContext({ req, res: reply });
    } catch (cause) {
      state.ctxError = getTRPCErrorFromUnknown(cause);
    }
    const outcomes =
      state.calls.length === 1
        ? [await run(state, 0)]
        : await Promise.all(state.calls.map((_, index) => run(state, index)));
    const { json, body } = responseOf(state, outcomes);
    return reply
      .code(getHTTPStatusCode(json))
      .header('vary', 'trpc-accept, accept')
      .header('content-type', 'application/json')
      .send(Buffer.from(body));
  }

  await app.register(
    async (scope) => {
      // tRPC reads bodies itself: JSON stays text, form data stays a stream (as its Fastify plugin sets up)
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );
      scope.removeContentTypeParser('multipart/form-data');
      scope.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));
      // The adapter answers with a fetch Response, a stream whose size the compressor cannot see; its JSON
      // is complete already, so it goes on as bytes, and a small answer stays uncompressed.
      scope.addHook('onSend', (_req, reply, payload, done) => {
        if (!(payload instanceof Response)) return done(null, payload);
        reply.status(payload.status);
        for (const [name, value] of payload.headers) reply.header(name, value);
        payload.arrayBuffer().then((bytes) => done(null, Buffer.from(bytes)), done);
      });
      // The route's parameter is never read: the procedures come from the request's one reading.
      scope.all('/:path', { config: { procedureCall: true } }, async (req, reply) => {
        const reading = readProcedureCall(req);
        if (!reading || reading === REFUSED) return sendError(reply, 400, HTTP_MESSAGES.badRequest);
        if (reading.batch && !batchInputIsObject(req)) return sendError(reply, 400, HTTP_MESSAGES.badRequest);
        const call = plainCall(req, reading);
        if (call) return answer(req, reply, call);
        // Plain names: tRPC's own decoding of them changes nothing.
        const path = reading.paths.join(',');
        await fastifyRequestHandler({ router, createContext, onError, maxBatchSize, req, res: reply, path });
      });
    },
    { prefix },
  );
}
