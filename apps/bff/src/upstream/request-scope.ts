import { randomBytes } from 'node:crypto';
import { fastifyRequestContext, requestContext } from '@fastify/request-context';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { tracingOn } from '../telemetry/spans';

/** What an upstream call knows of the request it serves: its id, its trace context and its logger. */
interface RequestScope {
  /** Fastify's request id (nginx's $request_id when it came with one) */
  readonly id: string;
  /**
   * the W3C `traceparent` sent upstream while tracing is off: the caller's trace id when it sent a valid
   * one (with tracing on, each call's own span gives it)
   */
  readonly traceparent: string;
  /** the request's logger: every line it writes carries `reqId` */
  readonly log: FastifyBaseLogger;
}

declare module '@fastify/request-context' {
  interface RequestContextData {
    scope: RequestScope;
  }
}

// version 00: trace id (32 hex), parent id (16 hex), flags (2 hex); ids of all zeros are invalid
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ZEROS = /^0+$/;

/**
 * The `traceparent` this BFF sends upstream for one request: the incoming trace id and flags when the
 * caller sent a valid W3C header, a new trace otherwise (not sampled: the BFF records no trace itself),
 * always with a parent id of its own, since this hop is the upstream call's parent.
 */
export function outgoingTraceparent(incoming: string | string[] | undefined): string {
  const match = typeof incoming === 'string' ? TRACEPARENT.exec(incoming.trim()) : null;
  const [, traceId, parentId, flags] = match ?? [];
  const ownSpan = randomBytes(8).toString('hex');
  if (traceId && parentId && flags && !ZEROS.test(traceId) && !ZEROS.test(parentId))
    return `00-${traceId}-${ownSpan}-${flags}`;
  return `00-${randomBytes(16).toString('hex')}-${ownSpan}-00`;
}

/** Keeps each request's scope where the upstream clients find it, whatever awaits lie in between. */
export async function requestScope(app: FastifyInstance) {
  await app.register(fastifyRequestContext, {
    defaultStoreValues: (req: FastifyRequest) => ({
      scope: { id: req.id, traceparent: outgoingTraceparent(req.headers.traceparent), log: req.log },
    }),
  });
}

/** The scope of the request being served; undefined outside one (startup, timers). */
export const currentScope = (): RequestScope | undefined => requestContext.get('scope');

/**
 * The request's id and trace as headers for an upstream call (a fresh trace outside a request). With
 * tracing on, the trace header is left to the undici instrumentation, which adds the call's own span's:
 * a second one of ours would name another parent.
 */
export function scopeHeaders(): Record<string, string> {
  const scope = currentScope();
  if (tracingOn()) return scope ? { 'x-request-id': scope.id } : {};
  return scope
    ? { 'x-request-id': scope.id, traceparent: scope.traceparent }
    : { traceparent: outgoingTraceparent(undefined) };
}

/** A dispatcher whose every request carries `scopeHeaders()`: for routes that fetch upstream files. */
export function withRequestScope(dispatcher: Dispatcher): Dispatcher {
  return dispatcher.compose((dispatch) => (options, handler) => {
    const extra = scopeHeaders();
    const given = options.headers;
    const headers = Array.isArray(given)
      ? [...given, ...Object.entries(extra).flat()]
      : { ...(given as Record<string, string> | null | undefined), ...extra };
    return dispatch({ ...options, headers }, handler);
  });
}
