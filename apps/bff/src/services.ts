import { randomBytes } from 'node:crypto';
import { UPSTREAM_CHANNELS } from '@portal/contracts/upstream/paths';
import type { FastifyBaseLogger } from 'fastify';
import { type Dispatcher, Pool } from 'undici';
import { type Config, cookieSecure } from './config';
import { createKeyring, type Keyring } from './keys/keyring';
import { createMemoryStore } from './session/memory-store';
import { createRateLimiter, type RateLimiter } from './session/rate-limiter';
import { createRedisStore } from './session/redis-store';
import { createSessionManager, type SessionManager } from './session/session-manager';
import type { SessionStore } from './session/session-store';
import { type ActivationChannel, createActivationChannel } from './upstream/activation-channel';
import { createGoogleVerifier, type GoogleVerifier } from './upstream/google-verifier';
import { createProxyChannel, type ProxyChannel } from './upstream/proxy-channel';
import { withRequestScope } from './upstream/request-scope';
import { createUpstreamClient, type UpstreamClient } from './upstream/rest-client';
import { createTrailChannel, type TrailChannel } from './upstream/trail-channel';
import { createPdfReader, type PdfReader } from './verification/pdf-reader';

/** What procedures and routes work with: the store, the upstream's REST client and socket channels. */
export interface Services {
  config: Config;
  sessions: SessionManager;
  store: SessionStore;
  limiter: RateLimiter;
  upstream: UpstreamClient;
  /** the REST connection pool, for the routes that fetch upstream files: each call carries the request's id */
  dispatcher: Dispatcher;
  proxy: ProxyChannel;
  activation: ActivationChannel;
  trail: TrailChannel;
  verifyGoogle: GoogleVerifier;
  /** reads uploaded PDFs in processes of their own, off the event loop */
  pdfReader: PdfReader;
  /**
   * The HMAC keys of every keyed value (pseudonyms of documents in store keys and records, counters, cookies,
   * trail ids): write with the newest, look up and verify with every one configured.
   */
  keys: Keyring;
  close(): Promise<void>;
}

interface ServiceDeps {
  /** a store of the caller's (tests); else Redis when REDIS_URL is set, memory otherwise */
  store?: SessionStore;
  logger: FastifyBaseLogger;
  /** counts sign-ins, sign-outs and sessions found expired */
  onSessionEvent?: (event: 'started' | 'ended' | 'expired') => void;
}

const MINUTE = 60_000;

export function createServices(
  config: Config,
  { store: given, logger, onSessionEvent }: ServiceDeps,
): Services {
  const store =
    given ??
    (config.REDIS_URL
      ? createRedisStore({ url: config.REDIS_URL, logger: logger.child({ store: 'redis' }) })
      : createMemoryStore());
  const dispatcher = new Pool(config.UPSTREAM_URL, { connections: 64 });
  const wsBase = config.UPSTREAM_WS_URL ?? config.UPSTREAM_URL.replace(/^http/, 'ws');
  const channelUrl = (path: string) => new URL(path, wsBase).toString();
  // One keyring for every HMAC the BFF derives; previous keys need KEY_SECRET (config.ts refuses them alone).
  const keys = createKeyring(
    config.KEY_SECRET ?? randomBytes(32).toString('hex'),
    config.KEY_SECRETS_PREVIOUS,
  );
  // ids only (derived from the secrets, which they do not reveal): what an operator checks during a rotation
  logger.info({ keyIds: keys.ids }, 'HMAC keys: the first writes, every one verifies');

  const proxy = createProxyChannel({
    url: channelUrl(UPSTREAM_CHANNELS.proxy),
    timeoutMs: config.PROXY_TIMEOUT_MS,
    maxPending: config.PROXY_MAX_PENDING,
    heartbeatMs: config.UPSTREAM_HEARTBEAT_MS,
    logger: logger.child({ channel: 'proxy' }),
  });
  const activation = createActivationChannel({
    url: channelUrl(UPSTREAM_CHANNELS.activation),
    heartbeatMs: config.UPSTREAM_HEARTBEAT_MS,
    logger: logger.child({ channel: 'activation' }),
  });
  const trail = createTrailChannel({
    url: channelUrl(UPSTREAM_CHANNELS.trail),
    store,
    keys,
    heartbeatMs: config.UPSTREAM_HEARTBEAT_MS,
    logger: logger.child({ channel: 'trail' }),
  });

  const pdfReader = createPdfReader({
    workers: config.PDF_WORKERS,
    queue: config.PDF_QUEUE,
    deadlineMs: config.PDF_READ_TIMEOUT_MS,
    maxRssBytes: config.PDF_READER_MAX_RSS_MB * 1024 * 1024,
    logger: logger.child({ component: 'pdf-reader' }),
  });

  return {
    config,
    sessions: createSessionManager({
      store,
      idleMs: config.SESSION_IDLE_MINUTES * MINUTE,
      absoluteMs: config.SESSION_ABSOLUTE_HOURS * 60 * MINUTE,
      secureCookie: cookieSecure(config),
      onEvent: onSessionEvent,
    }),
    store,
    limiter: createRateLimiter({ store, keys }),
    upstream: createUpstreamClient({
      baseUrl: config.UPSTREAM_URL,
      dispatcher,
      timeoutMs: config.UPSTREAM_HTTP_TIMEOUT_MS,
    }),
    dispatcher: withRequestScope(dispatcher),
    proxy,
    activation,
    trail,
    verifyGoogle: createGoogleVerifier({
      clientId: config.GOOGLE_CLIENT_ID,
      issuers: config.GOOGLE_ISSUERS,
      jwksUrl: config.GOOGLE_JWKS_URL,
    }),
    pdfReader,
    keys,
    async close() {
      await pdfReader.close();
      await proxy.close();
      await activation.close();
      await trail.close();
      await dispatcher.close();
      await store.close();
    },
  };
}
