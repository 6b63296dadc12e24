import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import type { Config } from './config/config';
import { type Database, openDatabase } from './db/database';
import { frameworkError } from './http/error-envelope';
import { type LogStream, loggerOptions, requestLines } from './logging';
import { errorHandler } from './plugins/error-handler';
import { loadShedding } from './plugins/load-shedding';
import { createMetrics, metricsEndpoint } from './plugins/metrics';
import { probes } from './plugins/probes';
import { security } from './plugins/security';
import { shutdown } from './plugins/shutdown';
import { spa } from './plugins/spa';
import { trpcEndpoint } from './plugins/trpc-endpoint';
import { appRouter } from './routers/app-router';
import { agreementLetters } from './routes/agreement-letters';
import { boletos } from './routes/boletos';
import { logos } from './routes/logos';
import { settlements } from './routes/settlements';
import { verificationPdf } from './routes/verification-pdf';
import { createServices } from './services';
import type { SessionStore } from './store/store';
import { createContextFactory } from './trpc/context';
import { UpstreamError } from './upstream/errors';
import { requestScope } from './upstream/request-scope';

export interface AppDeps {
  store?: SessionStore;
  /** a database the caller opened and closes; else the configuration's (DATABASE_URL or PGlite) */
  database?: Database;
  logStream?: LogStream;
}

/** The Fastify instance: its limits, then every plugin and route in the order they must run. */
export async function buildApp(config: Config, deps: AppDeps = {}) {
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    logController: requestLines(),
    trustProxy: config.TRUST_PROXY,
    // A request id the proxy set (nginx's $request_id) follows the request into our logs; else a new one.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 64 * 1024,
    // Node's own limits, stated: 16 KiB of headers (431 beyond), 30 s to receive a request (slow
    // clients); a response may take as long as the proxy channel's wait (PROXY_TIMEOUT_MS).
    http: { maxHeaderSize: 16 * 1024 },
    requestTimeout: 30_000,
    // While closing, requests on open connections are served (with `Connection: close`), not refused.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 5000 },
    frameworkErrors: frameworkError,
  });
  const metrics = createMetrics(
    () => ({
      store: services.store,
      database,
      channels: { proxy: services.proxy, activation: services.activation, trail: services.trail },
    }),
    { version: config.APP_VERSION, revision: config.APP_REVISION },
  );
  const database =
    deps.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dir: config.DATABASE_DIR,
      poolMax: config.DATABASE_POOL_MAX,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    }));
  const services = createServices(config, {
    store: deps.store,
    database,
    logger: app.log,
    onSessionEvent: (event) => metrics.sessions.inc({ event }),
  });

  await app.register(cookie);
  await requestScope(app);
  // No answer is compressed per request, and no request body is decompressed: API answers carry personal
  // data beside what a request can reflect (BREACH), and the SPA's files come compressed from the build
  // (spa.ts).
  const closing = shutdown(app, {
    graceMs: config.SHUTDOWN_GRACE_MS,
    onGraceOver: () => void services.proxy.close(),
  });
  errorHandler(app, metrics);
  await loadShedding(app, config, metrics.registry);
  metricsEndpoint(app, metrics, { procedures: Object.keys(appRouter._def.procedures) });
  probes(app, { closing, database });
  security(app, config);
  const createContext = createContextFactory(services);
  await trpcEndpoint(app, {
    prefix: '/trpc',
    router: appRouter,
    createContext,
    maxBatchSize: 10,
    onError({ error, path, req }) {
      if (error.cause instanceof UpstreamError) metrics.upstreamErrors.inc({ kind: error.cause.kind });
      if (error.code === 'INTERNAL_SERVER_ERROR')
        req.log.error({ path, err: error.cause ?? error }, 'procedure failed');
      else req.log.info({ path, code: error.code }, 'procedure refused');
    },
  });
  logos(app, services);
  boletos(app, services);
  agreementLetters(app, services);
  settlements(app, services);
  await verificationPdf(app, services);
  await spa(app, config.WEB_DIST, services);

  app.addHook('onClose', async () => {
    await services.close();
    if (!deps.database) await database.close();
  });

  return app;
}
