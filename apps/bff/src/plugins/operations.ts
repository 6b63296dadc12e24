import underPressure from '@fastify/under-pressure';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import { type SessionStore, StoreUnavailableError } from '../session/session-store';
import { MESSAGES } from '../trpc/to-trpc-error';
import type { SocketConnection } from '../upstream/socket-connection';

declare module 'fastify' {
  interface FastifyInstance {
    /** SIGTERM's first step: /readyz answers 503 and every answer closes its connection */
    beginShutdown(): void;
  }
}

class OverloadedError extends Error {
  override name = 'OverloadedError';
}

/** How long a client should wait after a 503 (overload or an unreachable store). */
const RETRY_AFTER_SECONDS = 5;
const READY_PROBE_MS = 2_000;

interface Channel {
  readonly connection: SocketConnection;
  readonly pendingCount: number;
}

/**
 * The process's own metrics (CPU, memory, event-loop lag, GC) are collected once per process, however
 * many apps it builds (the tests build many).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'portal_' });
  }
  return processRegistry;
}

/** The app's Prometheus metrics; the channels are read when scraped. */
export function createMetrics(channels: () => Record<string, Channel>) {
  const registers = [new Registry()];
  const named = () => Object.entries(channels());
  const metrics = {
    registry: registers[0] as Registry,
    requests: new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by method, route and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    duration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 195],
      registers,
    }),
    upstreamErrors: new Counter({
      name: 'portal_upstream_errors_total',
      help: 'Upstream failures seen by procedures, by kind (timeout, unavailable, rejected, …)',
      labelNames: ['kind'] as const,
      registers,
    }),
    sessions: new Counter({
      name: 'portal_sessions_total',
      help: 'Session events: started (sign-in), ended (sign-out, deletion), expired (found past idle or absolute expiry)',
      labelNames: ['event'] as const,
      registers,
    }),
    shed: new Counter({
      name: 'portal_requests_shed_total',
      help: 'Requests refused with 503 because the process was overloaded',
      registers,
    }),
  };
  new Gauge({
    name: 'portal_channel_pending_requests',
    help: 'Requests waiting for a reply on an upstream socket channel',
    labelNames: ['channel'] as const,
    registers,
    collect() {
      for (const [name, channel] of named()) this.set({ channel: name }, channel.pendingCount);
    },
  });
  new Gauge({
    name: 'portal_channel_connected',
    help: '1 while the upstream socket channel is open',
    labelNames: ['channel'] as const,
    registers,
    collect() {
      for (const [name, channel] of named())
        this.set({ channel: name }, channel.connection.connected ? 1 : 0);
    },
  });
  new Counter({
    name: 'portal_channel_reconnects_total',
    help: 'Upstream socket connections opened again after a drop or a refusal',
    labelNames: ['channel'] as const,
    registers,
    collect() {
      this.reset();
      for (const [name, channel] of named()) this.inc({ channel: name }, channel.connection.reconnects);
    },
  });
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * A 503 the browser's code understands: a tRPC error envelope (one per call of a batch) for /trpc,
 * `{ msg }` elsewhere, always with the Portuguese message.
 */
function unavailableBody(req: FastifyRequest) {
  const [path = '', query = ''] = req.url.split('?');
  if (!path.startsWith('/trpc/')) return { msg: MESSAGES.unavailable };
  const procedures = path.slice('/trpc/'.length).split(',');
  const envelope = (procedure: string) => ({
    error: {
      message: MESSAGES.unavailable,
      code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE,
      data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: decodeURIComponent(procedure) },
    },
  });
  return new URLSearchParams(query).get('batch') === '1'
    ? procedures.map(envelope)
    : envelope(procedures[0] ?? '');
}

/** Routes the load shedder never refuses: probes and scrapes must answer under load too. */
const ALWAYS = { config: { pressureHandler: () => undefined } };

/**
 * Probes, metrics, load shedding and shutdown. `/healthz`: the process answers. `/readyz`: not shutting
 * down, and the store and the proxy channel (what user actions need) are reachable; the
 * tracking channels are reported but never make an instance unready, since tracking never blocks a
 * user. `/metrics`: Prometheus text. Under overload (event-loop delay or utilisation beyond the
 * settings, or too many API requests in flight) every other request gets a quick 503 with Retry-After.
 */
export async function operations(
  app: FastifyInstance,
  {
    config,
    metrics,
    store,
    proxy,
    tracking,
  }: {
    config: Config;
    metrics: Metrics;
    store: SessionStore;
    proxy: Channel & { close(): Promise<void> };
    tracking: Record<string, Channel>;
  },
) {
  // Shutdown (SIGTERM): first a drain (server.ts) — still serving, every answer with `Connection: close`,
  // /readyz 503 — so that keep-alive clients and the load balancer move away; then app.close(): no new
  // connections, requests in flight may finish within the grace period. Past it, the proxy channel's
  // waits settle (a clear 'try again' answer rather than a reset) and what is left is cut.
  let closing = false;
  let grace: NodeJS.Timeout | undefined;
  app.decorate('beginShutdown', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
    grace = setTimeout(() => {
      app.log.warn('shutdown: grace period over, ending what is still in flight');
      void proxy.close();
      setTimeout(() => app.server.closeAllConnections(), 250).unref();
    }, config.SHUTDOWN_GRACE_MS);
    grace.unref();
  });
  app.addHook('onClose', async () => clearTimeout(grace));
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // Every failure outside a procedure's own handling ends here: an unreachable store (boleto files)
  // and overload answer 503 with Retry-After; anything else never shows its internals.
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const overloaded = error.code === 'FST_UNDER_PRESSURE' || error instanceof OverloadedError;
    if (error instanceof StoreUnavailableError || overloaded) {
      if (overloaded) metrics.shed.inc();
      req.log.warn(overloaded ? 'overloaded: request shed' : 'store unavailable');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(unavailableBody(req));
    }
    if ((error.statusCode ?? 500) < 500) throw error;
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ msg: MESSAGES.unexpected });
  });

  // Requests to the API in flight: beyond the ceiling, more arrive than the instance answers (open-loop
  // overload builds a queue that event-loop figures alone do not show).
  let inFlight = 0;
  app.addHook('onRequest', async (req, reply) => {
    if (!/^\/(trpc|api)\//.test(req.url)) return;
    if (config.OVERLOAD_MAX_IN_FLIGHT > 0 && inFlight >= config.OVERLOAD_MAX_IN_FLIGHT)
      throw new OverloadedError();
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });
  new Gauge({
    name: 'portal_http_requests_in_flight',
    help: 'API requests received and not yet answered',
    registers: [metrics.registry],
    collect() {
      this.set(inFlight);
    },
  });

  await app.register(underPressure, {
    maxEventLoopDelay: config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: config.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
    sampleInterval: 500,
    retryAfter: RETRY_AFTER_SECONDS,
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    metrics.duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/healthz', ALWAYS, async () => ({ status: 'ok' }));

  app.get('/readyz', ALWAYS, async (_req, reply) => {
    const [storeOk, proxyOk, ...trackingOk] = await Promise.all([
      store.ping(),
      proxy.connection.ready(READY_PROBE_MS),
      ...Object.values(tracking).map((channel) => channel.connection.ready(READY_PROBE_MS)),
    ]);
    const ready = !closing && storeOk && proxyOk;
    const names = Object.keys(tracking);
    if (!ready) reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return {
      status: ready ? 'ready' : 'unavailable',
      store: storeOk,
      proxy: proxyOk,
      ...Object.fromEntries(names.map((name, i) => [name, trackingOk[i] ?? false])),
      ...(closing ? { closing } : {}),
    };
  });

  app.get('/metrics', ALWAYS, async (_req, reply) => {
    const merged = Registry.merge([processMetrics(), metrics.registry]);
    reply.type(merged.contentType);
    return merged.metrics();
  });
}
