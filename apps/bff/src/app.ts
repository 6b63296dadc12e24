import { randomBytes, randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import { UPSTREAM_CHANNELS } from '@portal/contracts/upstream-paths';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';

import { Pool } from 'undici';
import { type Config, cookieSecure } from './config';
import { type LogStream, loggerOptions } from './logging';
import { boletos } from './plugins/boletos';
import { logos } from './plugins/logos';
import { createMetrics, operations } from './plugins/operations';
import { security } from './plugins/security';
import { spa } from './plugins/spa';
import { createMemoryStore } from './session/memory-store';
import { createRateLimiter, type RateLimiter } from './session/rate-limiter';
import { createRedisStore } from './session/redis-store';
import { createSessionManager, type SessionManager } from './session/session-manager';
import type { SessionStore } from './session/session-store';
import { type AppRouter, appRouter } from './trpc/app-router';
import { createContextFactory } from './trpc/context';
import { type ActivationChannel, createActivationChannel } from './upstream/activation-channel';
import { UpstreamError } from './upstream/errors';
import { createGoogleVerifier, type GoogleVerifier } from './upstream/google-verifier';
import { createProxyChannel, type ProxyChannel } from './upstream/proxy-channel';
import { createUpstreamClient, type UpstreamClient } from './upstream/rest-client';
import { createTrailChannel, type TrailChannel } from './upstream/trail-channel';

export interface AppDeps {
  store?: SessionStore;
  logStream?: LogStream;
}

const MINUTE = 60_000;

export async function buildApp(config: Config, deps: AppDeps = {}) {
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
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
  });
  const metrics = createMetrics(() => ({
    proxy: services.proxy,
    activation: services.activation,
    trail: services.trail,
  }));

  const store =
    deps.store ??
    (config.REDIS_URL
      ? createRedisStore({ url: config.REDIS_URL, logger: app.log.child({ store: 'redis' }) })
      : createMemoryStore());
  const dispatcher = new Pool(config.UPSTREAM_URL, { connections: 64 });
  const wsBase = config.UPSTREAM_WS_URL ?? config.UPSTREAM_URL.replace(/^http/, 'ws');
  // One secret for every HMAC the BFF derives (rate-limit keys, trail session ids).
  const keySecret = config.KEY_SECRET ?? randomBytes(32).toString('hex');
  const services: Services = {
    config,
    sessions: createSessionManager({
      store,
      idleMs: config.SESSION_IDLE_MINUTES * MINUTE,
      absoluteMs: config.SESSION_ABSOLUTE_HOURS * 60 * MINUTE,
      secureCookie: cookieSecure(config),
      onEvent: (event) => metrics.sessions.inc({ event }),
    }),
    store,
    limiter: createRateLimiter({ store, keySecret }),
    upstream: createUpstreamClient({
      baseUrl: config.UPSTREAM_URL,
      dispatcher,
      timeoutMs: config.UPSTREAM_HTTP_TIMEOUT_MS,
    }),
    verifyGoogle: createGoogleVerifier({
      clientId: config.GOOGLE_CLIENT_ID,
      issuers: config.GOOGLE_ISSUERS,
      jwksUrl: config.GOOGLE_JWKS_URL,
    }),
    proxy: createProxyChannel({
      url: new URL(UPSTREAM_CHANNELS.proxy, wsBase).toString(),
      timeoutMs: config.PROXY_TIMEOUT_MS,
      maxPending: config.PROXY_MAX_PENDING,
      logger: app.log.child({ channel: 'proxy' }),
    }),
    activation: createActivationChannel({
      url: new URL(UPSTREAM_CHANNELS.activation, wsBase).toString(),
      logger: app.log.child({ channel: 'activation' }),
    }),
    trail: createTrailChannel({
      url: new URL(UPSTREAM_CHANNELS.trail, wsBase).toString(),
      store,
      keySecret,
      logger: app.log.child({ channel: 'trail' }),
    }),
  };

  await app.register(cookie);
  await operations(app, {
    config,
    metrics,
    store,
    proxy: services.proxy,
    tracking: { activation: services.activation, trail: services.trail },
  });
  security(app, config);
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory(services),
      maxBatchSize: 10,
      onError({ error, path, req }) {
        if (error.cause instanceof UpstreamError) metrics.upstreamErrors.inc({ kind: error.cause.kind });
        if (error.code === 'INTERNAL_SERVER_ERROR')
          req.log.error({ path, err: error.cause ?? error }, 'procedure failed');
        else req.log.info({ path, code: error.code }, 'procedure refused');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
  logos(app, config, dispatcher);
  boletos(app, services, dispatcher);
  await spa(app, config.WEB_DIST);

  app.addHook('onClose', async () => {
    await services.proxy.close();
    await services.activation.close();
    await services.trail.close();
    await dispatcher.close();
    await store.close();
  });

  return app;
}

export interface Services {
  config: Config;
  sessions: SessionManager;
  store: SessionStore;
  limiter: RateLimiter;
  upstream: UpstreamClient;
  proxy: ProxyChannel;
  activation: ActivationChannel;
  trail: TrailChannel;
  verifyGoogle: GoogleVerifier;
}
