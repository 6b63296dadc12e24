import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { UPSTREAM_CHANNELS } from '@portal/contracts/upstream/paths';
import type { FastifyBaseLogger } from 'fastify';
import { Pool } from 'undici';
import { type Config, cookieSecure } from './config/config';
import type { Database } from './db/database';
import { createRecords } from './db/records';
import { createReminders } from './db/reminders';
import { createKeyring } from './keys/keyring';
import { createPdfReader } from './pdf/pdf-reader';
import type { AppPorts } from './ports/ports';
import { createPushSender, type PushSender, vapidKeysOfThisProcess } from './push/web-push';
import { sweepReminders } from './reminders/sweep';
import { createSessionManager } from './session/session-manager';
import { createMemoryStore } from './store/memory-store';
import { createRateLimiter } from './store/rate-limiter';
import { createRedisStore } from './store/redis-store';
import type { SessionStore } from './store/store';
import { createActivationChannel } from './upstream/activation-channel';
import { createUpstreamFiles } from './upstream/files';
import { createGoogleVerifier } from './upstream/google-verifier';
import { createProxyChannel } from './upstream/proxy-channel';
import { withRequestScope } from './upstream/request-scope';
import { createUpstreamClient } from './upstream/rest-client';
import { createTrailChannel } from './upstream/trail-channel';

/** The ports the domain and the routes use, built once; `close` ends them on shutdown. */
interface Services extends AppPorts {
  close(): Promise<void>;
}

interface ServiceDeps {
  /** the database, opened and migrated (buildApp opens it: opening is asynchronous) */
  database: Database;
  /** a store of the caller's (tests); else Redis when REDIS_URL is set, memory otherwise */
  store?: SessionStore;
  logger: FastifyBaseLogger;
  /** counts sign-ins, sign-outs and sessions found expired */
  onSessionEvent?: (event: 'started' | 'ended' | 'expired') => void;
}

const MINUTE = 60_000;
/** how often each instance asks whether the daily retention sweep is due */
const RETENTION_CHECK_MS = 60 * MINUTE;
const RETENTION_EVERY_MS = 24 * 60 * MINUTE;

export function createServices(
  config: Config,
  { store: given, database, logger, onSessionEvent }: ServiceDeps,
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

  const db = createRecords(database.db, (err) => logger.warn({ err }, 'database: a query failed'));
  // What is past its keeping time goes once a day, by whichever instance asks first (db/records.ts).
  const sweep = () =>
    db.sweep(new Date(), RETENTION_EVERY_MS).then(
      (deleted) => deleted && logger.info({ deleted }, 'retention: expired records deleted'),
      (err: unknown) => logger.warn({ err }, 'retention: the sweep failed; the next one retries'),
    );
  const retention = setInterval(sweep, RETENTION_CHECK_MS).unref();
  void sweep();

  const reminders = createReminders(database.db, (err) =>
    logger.warn({ err }, 'database: a reminders query failed'),
  );
  const push = pushSenderOf(config, logger);
  // Every instance sweeps the reminders due; each one goes to one instance only (db/reminders.ts).
  const instance = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweepDue = () => {
    if (!push) return;
    sweeping = sweepReminders({
      reminders,
      push,
      instance,
      concurrency: config.REMINDER_CONCURRENCY,
      leaseMs: config.REMINDER_LEASE_MS,
      quiet: config.REMINDER_QUIET_HOURS,
    }).then(
      (done) => (done.sent || done.retried || done.gone) && logger.info(done, 'reminders: sweep'),
      (err: unknown) => logger.warn({ err }, 'reminders: the sweep failed; the next one retries'),
    );
  };
  const reminderSweep = setInterval(() => {
    void sweeping.then(sweepDue);
  }, config.REMINDER_SWEEP_MS).unref();

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
    db,
    reminders,
    push,
    limiter: createRateLimiter({ store, keys }),
    upstream: createUpstreamClient({
      baseUrl: config.UPSTREAM_URL,
      dispatcher,
      timeoutMs: config.UPSTREAM_HTTP_TIMEOUT_MS,
    }),
    files: createUpstreamFiles({
      baseUrl: config.UPSTREAM_URL,
      dispatcher: withRequestScope(dispatcher),
      timeoutMs: config.UPSTREAM_HTTP_TIMEOUT_MS,
    }),
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
      clearInterval(retention);
      clearInterval(reminderSweep);
      await sweeping;
      await pdfReader.close();
      await proxy.close();
      await activation.close();
      await trail.close();
      await dispatcher.close();
      await store.close();
    },
  };
}

/**
 * Web Push with the configured VAPID pair; outside production without one, a pair of this process (a
 * browser subscribed to it must subscribe again after a restart); in production without one, none.
 */
function pushSenderOf(config: Config, logger: FastifyBaseLogger): PushSender | null {
  let keys =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
      : null;
  if (!keys && config.NODE_ENV !== 'production') keys = vapidKeysOfThisProcess();
  if (!keys) {
    logger.warn('VAPID_PUBLIC_KEY is unset: reminders on the phone are not offered');
    return null;
  }
  return createPushSender({
    ...keys,
    subject: config.VAPID_SUBJECT,
    services: config.PUSH_SERVICES,
    timeoutMs: config.PUSH_TIMEOUT_MS,
  });
}
