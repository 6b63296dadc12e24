import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { SocketConnection } from '../upstream/socket-connection';
import { NEVER_SHED } from './load-shedding';

/** What a metric reads of an upstream socket channel when scraped. */
export interface ChannelGauges {
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
export function createMetrics(channels: () => Record<string, ChannelGauges>) {
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

/** Counts every answer by route and status, times it, and serves the Prometheus text at /metrics. */
export function metricsEndpoint(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    metrics.duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', NEVER_SHED, async (_req, reply) => {
    const merged = Registry.merge([processMetrics(), metrics.registry]);
    reply.type(merged.contentType);
    return merged.metrics();
  });
}
