import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { REFUSED, readProcedureCall } from '../http/procedure-call';
import type { SessionStore } from '../store/store';
import type { SocketConnection } from '../upstream/socket-connection';
import { NEVER_SHED } from './load-shedding';

/** What a metric reads of an upstream socket channel when scraped. */
interface ChannelGauges {
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

/** What the metrics read when scraped: the store and the upstream socket channels. */
interface MetricSources {
  readonly store: SessionStore;
  readonly database: { ping(): Promise<boolean> };
  readonly channels: Record<string, ChannelGauges>;
}

/** The build this process runs, as the image stamped it. */
interface BuildInfo {
  readonly version: string;
  readonly revision: string;
}

/** How long a scrape waits on a dependency before counting it down (well within a scrape's timeout). */
const DEPENDENCY_PROBE_MS = 1_000;

const within = (ms: number, check: Promise<boolean>) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([check.catch(() => false), late]).finally(() => clearTimeout(timer));
};

/** The app's Prometheus metrics; the store and the channels are read when scraped. */
export function createMetrics(sources: () => MetricSources, build: BuildInfo) {
  const registers = [new Registry()];
  const named = () => Object.entries(sources().channels);
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
  new Gauge({
    name: 'portal_build_info',
    help: 'Always 1: the version and source revision this process runs, and its Node.js version',
    labelNames: ['version', 'revision', 'node'] as const,
    registers,
  }).set({ version: build.version, revision: build.revision, node: process.version }, 1);
  // Dependencies are shared by every replica: they are reported here, never through /readyz.
  new Gauge({
    name: 'portal_dependency_up',
    help: '1 while a dependency answers: the session store and the database (a ping each) and each upstream socket channel (open, or opened within 1 s)',
    labelNames: ['dependency'] as const,
    registers,
    async collect() {
      const { store, database, channels } = sources();
      const entries = Object.entries(channels);
      const [storeUp, databaseUp, ...channelsUp] = await Promise.all([
        within(DEPENDENCY_PROBE_MS, store.ping()),
        within(DEPENDENCY_PROBE_MS, database.ping()),
        ...entries.map(([, channel]) => channel.connection.ready(DEPENDENCY_PROBE_MS)),
      ]);
      this.set({ dependency: 'store' }, storeUp ? 1 : 0);
      this.set({ dependency: 'database' }, databaseUp ? 1 : 0);
      entries.forEach(([name], i) => {
        this.set({ dependency: name }, channelsUp[i] ? 1 : 0);
      });
    },
  });
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The `route` labels of an answered request, a bounded set whatever the URLs: a tRPC call counts under
 * `trpc:<procedure>` for each procedure it names that the router has (a batch counts each of its
 * procedures, with the batch's status and time: what the browser waited for), `trpc:unknown` or
 * `trpc:refused` otherwise; every file of the SPA's build under `static`; any other route under its
 * pattern (`/api/boletos/:ref`); what matched no route under `not-found`, or `static` when the SPA's
 * history fallback answered it with index.html.
 */
function routeLabels(req: FastifyRequest, statusCode: number, procedures: ReadonlySet<string>) {
  const route = req.routeOptions;
  if (route.url === undefined) return [statusCode === 404 ? 'not-found' : 'static'];
  // @fastify/static stamps every file route it makes with the file's name
  if ((route.config as { file?: unknown } | undefined)?.file !== undefined) return ['static'];
  const call = readProcedureCall(req);
  if (call === null) return [route.url];
  if (call === REFUSED) return ['trpc:refused'];
  return call.paths.map((path) => (procedures.has(path) ? `trpc:${path}` : 'trpc:unknown'));
}

/**
 * Counts every answer by route and status, times it, and serves the Prometheus text at /metrics.
 * `procedures` are the router's procedure names: no other name becomes a label.
 */
export function metricsEndpoint(
  app: FastifyInstance,
  metrics: Metrics,
  { procedures }: { procedures: Iterable<string> },
) {
  const known = new Set(procedures);
  app.addHook('onResponse', (req, reply, done) => {
    const seconds = reply.elapsedTime / 1000;
    const status = String(reply.statusCode);
    for (const route of routeLabels(req, reply.statusCode, known)) {
      metrics.requests.inc({ method: req.method, route, status });
      metrics.duration.observe({ method: req.method, route }, seconds);
    }
    done();
  });

  app.get('/metrics', NEVER_SHED, async (_req, reply) => {
    const merged = Registry.merge([processMetrics(), metrics.registry]);
    reply.type(merged.contentType);
    return merged.metrics();
  });
}
