import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import { keyIdOf } from '../keys/keyring';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

// apps/bff, whether this module runs from src/config/ or bundled into dist/.
const APP_DIR = fileURLToPath(new URL('.', import.meta.url)).replace(/\/(src\/config|dist)\/$/, '');

/** Every environment variable the BFF reads, with its default. The README lists them. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** the image's version and source revision (set by the image build): in every log line and build_info */
  APP_VERSION: z.string().min(1).default('dev'),
  APP_REVISION: z.string().min(1).default('dev'),
  /** base URL of the creditor upstream's REST API (the stub in development) */
  UPSTREAM_URL: z.url(),
  /** base URL of the upstream's socket channels; defaults to UPSTREAM_URL with ws(s) */
  UPSTREAM_WS_URL: z.url().optional(),
  /** how long a proxy-channel request waits for its reply */
  PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(195_000),
  /**
   * in-flight proxy requests beyond which new ones fail at once: the channel's own bound, below the API's
   * (OVERLOAD_MAX_IN_FLIGHT), so calls stuck on a slow or silent upstream never take every slot; half of
   * it by default
   */
  PROXY_MAX_PENDING: z.coerce.number().int().positive().optional(),
  /**
   * how often each upstream channel pings its socket; one whose peer answers nothing for two of these is
   * declared dead (a half-open connection), what was in flight on it fails, and it reconnects
   */
  UPSTREAM_HEARTBEAT_MS: z.coerce.number().int().positive().default(15_000),
  UPSTREAM_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** sessions, idempotency records and counters in Redis (shared by several instances); memory when unset */
  REDIS_URL: z.url().optional(),
  /**
   * the PostgreSQL server that keeps what must last (declarations, agreement records, the account's
   * activity); without it, PGlite in this process, in DATABASE_DIR
   */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// or postgresql:// URL')
    .optional(),
  /** PGlite's data folder when DATABASE_URL is unset; memory:// keeps nothing past the process */
  DATABASE_DIR: z.string().min(1).default('memory://'),
  /** connections each instance keeps to PostgreSQL at most */
  DATABASE_POOL_MAX: z.coerce.number().int().positive().max(100).default(10),
  /** a statement running longer is cancelled, and a connection awaited longer is given up */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /**
   * sessions one document keeps at once; a sign-in beyond them ends the earliest still listed (the list
   * is what a password change ends the other sessions from)
   */
  SESSION_MAX_PER_DOCUMENT: z.coerce.number().int().positive().max(10_000).default(10),
  /** Secure cookies; on by default in production */
  COOKIE_SECURE: bool.optional(),
  /** lets production run with COOKIE_SECURE=false: the local demo on http://localhost only */
  ALLOW_INSECURE_COOKIES_LOCAL_HTTP: bool.default(false),
  /**
   * lets production run without REDIS_URL and DATABASE_URL (memory and PGlite): one local process (tests,
   * benchmarks), never a deployment
   */
  ALLOW_MEMORY_STORE_ONE_INSTANCE: bool.default(false),
  /**
   * the newest secret of the BFF's HMACs (rate-limit keys, trail session ids, the pseudonyms of documents in
   * store keys): everything keyed now is keyed with it; random per process when unset, except in production, where it must be strong (32+ characters,
   * 86+ bits); KEY_SECRET_FILE reads it from a file
   */
  KEY_SECRET: z.string().min(16).optional(),
  /**
   * older secrets, comma- or newline-separated, kept only to find and verify what they keyed while
   * KEY_SECRET (the newest) keys everything written; each held to KEY_SECRET's rules.
   * KEY_SECRETS_PREVIOUS_FILE reads them from a file
   */
  KEY_SECRETS_PREVIOUS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(/[,\n]/)
        .map((secret) => secret.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(16))),
  /**
   * failed credentials per document in SIGNIN_LOCK_MINUTES before the document is locked for that long to
   * browsers it has not signed in on; a browser holding its device cookie counts its own failures
   */
  SIGNIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  SIGNIN_LOCK_MINUTES: z.coerce.number().positive().default(15),
  /** before the lock, each failure from an unknown browser makes the next wait this, doubled per failure */
  SIGNIN_DELAY_BASE_MS: z.coerce.number().int().min(0).default(1_000),
  SIGNIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(100),
  /** how long a browser that signed a person in is trusted by the sign-in locks (device cookie) */
  DEVICE_COOKIE_DAYS: z.coerce.number().int().positive().default(180),
  /**
   * how long after a sign-in a change of e-mail or phone, or the account's deletion, goes ahead without the
   * password typed again; 0 asks for it every time
   */
  REAUTH_WINDOW_MINUTES: z.coerce.number().min(0).default(5),
  /** identity questions asked per document in 15 minutes */
  CHALLENGE_MAX_PER_DOCUMENT: z.coerce.number().int().positive().default(5),
  /**
   * answers to identity questions per document in 24 hours from browsers it has not signed in on: an
   * answer is often a birth year, so guessing one takes weeks
   */
  CHALLENGE_ANSWERS_PER_DOCUMENT_DAY: z.coerce.number().int().positive().default(3),
  /** registration-status lookups (home banner) per IP in 10 minutes */
  LOOKUP_MAX_PER_IP: z.coerce.number().int().positive().default(60),
  /** boleto and PIX verifications per IP, and per signed-in session, in 10 minutes */
  VERIFY_MAX_PER_IP: z.coerce.number().int().positive().default(60),
  VERIFY_MAX_PER_SESSION: z.coerce.number().int().positive().default(30),
  /** uploaded PDFs read at once (a reader process each), and how many may wait; more are refused with 503 */
  PDF_WORKERS: z.coerce.number().int().positive().max(16).default(2),
  PDF_QUEUE: z.coerce.number().int().min(0).default(4),
  /** an uploaded PDF's whole time, wait included: a reader still reading it then is killed */
  PDF_READ_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** a PDF reader process's RSS past which it is killed and its file refused (its heap is capped at 96 MB) */
  PDF_READER_MAX_RSS_MB: z.coerce.number().int().positive().default(256),
  TRACK_VIEWS_MAX_PER_IP: z.coerce.number().int().positive().default(120),
  /** password-recovery sends per document in 15 minutes */
  RECOVERY_MAX_PER_DOCUMENT: z.coerce.number().int().positive().default(3),
  RECOVERY_MAX_PER_DOCUMENT_DAY: z.coerce.number().int().positive().default(6),
  /** recovery sends and registrations per IP in 15 minutes */
  RECOVERY_MAX_PER_IP: z.coerce.number().int().positive().default(30),
  /** boleto sends and re-issues (each e-mails or texts someone) per session in an hour */
  AGREEMENT_SENDS_PER_SESSION_HOUR: z.coerce.number().int().positive().default(10),
  /** the same per document in 24 hours, whatever its sessions */
  AGREEMENT_SENDS_PER_PERSON_DAY: z.coerce.number().int().positive().default(30),
  /** extra origins allowed to send mutations (comma-separated); the request's own origin always is */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /**
   * Whose X-Forwarded-For to believe for the client IP: false, true (any proxy), or the proxies'
   * addresses and CIDRs (comma-separated)
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string => (/^(true|1)$/.test(v) ? true : /^(false|0|)$/.test(v) ? false : v)),
  /** mean event-loop delay (ms) beyond which requests are shed with 503 + Retry-After; 0 turns it off */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(250),
  /** API requests in flight beyond which new ones are shed the same way; 0 turns it off */
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(1_000),
  /** event-loop utilisation (0–1) beyond which requests are shed the same way; 0 turns it off */
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0.98),
  /**
   * on SIGTERM, how long the BFF keeps serving (every answer with `Connection: close`, /readyz 503) so
   * that clients and the load balancer move away before the listener closes
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** then how long requests in flight may run before they are answered and cut */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().max(120_000).default(7_500),
  /**
   * the hard exit after SIGTERM, whatever still runs: above drain + grace by at least 1 s, and below the
   * orchestrator's own limit (Compose's stop_grace_period, Kubernetes' terminationGracePeriodSeconds)
   */
  SHUTDOWN_EXIT_MS: z.coerce.number().int().positive().max(300_000).default(10_000),
  /** Google one-tap sign-in: hidden unless a client id is set */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_ISSUERS: z
    .string()
    .default('https://accounts.google.com,accounts.google.com')
    .transform((s) => s.split(',').map((i) => i.trim())),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** where the browser loads Google's Identity Services script from */
  GOOGLE_SCRIPT_URL: z.url().default('https://accounts.google.com/gsi/client'),
  /** the built SPA; not served when the folder is missing */
  WEB_DIST: z.string().default(`${APP_DIR}/../web/dist`),
  /**
   * the Web Push (VAPID) key pair, base64url as `web-push generate-vapid-keys` prints it: every replica the
   * same, since browsers subscribe to the public key. Unset outside production: a pair per process; unset in
   * production: reminders are not offered on the phone, only by e-mail and SMS. VAPID_PRIVATE_KEY_FILE reads
   * the private one from a file
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/)
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/)
    .optional(),
  /** who push services contact about this sender (RFC 8292): a mailto: or https: address */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/)
    .default('mailto:seguranca@negociavarejo.com.br'),
  /**
   * the push services a browser's subscription may name, as origins (`https://*.notify.windows.com` takes
   * its subdomains): the BFF sends to no other address, whatever a browser registers
   */
  PUSH_SERVICES: z
    .string()
    .default(
      'https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://web.push.apple.com,https://*.push.apple.com,https://*.notify.windows.com',
    )
    .transform((s) =>
      s
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  /**
   * the hours of the night (in Brasília, from-to, 24-hour clock) when no reminder is sent nor scheduled: 21:00
   * to 08:00 by default
   */
  REMINDER_QUIET_HOURS: z
    .string()
    .regex(/^([01]\d|2[0-3])-([01]\d|2[0-3])$/, 'HH-HH, e.g. 21-08')
    .default('21-08')
    .transform((s) => {
      const [from, to] = s.split('-').map(Number);
      return { from: from ?? 21, to: to ?? 8 };
    })
    .refine((q) => q.from !== q.to, 'the quiet hours must start and end at different hours'),
  /** how long 'Todas as minhas dívidas' waits for one creditor before it shows the others and names it */
  ALL_DEBTS_CREDITOR_WAIT_MS: z.coerce.number().int().positive().max(195_000).default(10_000),
  /**
   * the part of a person's monthly income no debt may take (mínimo existencial, CDC art. 54-A), in cents:
   * R$ 600 by Decreto 11.567/2023, which the STF has not finished judging (docs/operations.md, Budget)
   */
  MINIMO_EXISTENCIAL_CENTS: z.coerce.number().int().min(0).max(10_000_000).default(60_000),
  /** the hour (Brasília) a reminder is sent on its day; outside the quiet hours */
  REMINDER_SEND_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  /** how often each instance sweeps the reminders due; what it claims is its own for REMINDER_LEASE_MS */
  REMINDER_SWEEP_MS: z.coerce.number().int().positive().default(30_000),
  REMINDER_LEASE_MS: z.coerce.number().int().positive().default(120_000),
  /** reminders one instance sends at once, and how long a push service may take to accept one */
  REMINDER_CONCURRENCY: z.coerce.number().int().positive().max(64).default(8),
  PUSH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});

/** What the hard exit leaves after drain and grace: closing the listener, answering what still waits. */
const SHUTDOWN_EXIT_MARGIN_MS = 1_000;

export type Config = Omit<z.infer<typeof configSchema>, 'PROXY_MAX_PENDING'> & { PROXY_MAX_PENDING: number };

/** Secrets that may come from a file instead (X_FILE=/run/secrets/x). */
export const SECRET_VARIABLES = [
  'KEY_SECRET',
  'KEY_SECRETS_PREVIOUS',
  'REDIS_URL',
  'DATABASE_URL',
  'VAPID_PRIVATE_KEY',
] as const;

/** X_FILE → X (the file's content, trimmed); one problem line per variable that cannot be read. */
function readSecretFiles(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; problems: string[] } {
  const out = { ...env };
  const problems: string[] = [];
  // Compose passes an unset `${VAPID_PUBLIC_KEY:-}` as empty too: no key pair, not a malformed one
  if (out.VAPID_PUBLIC_KEY === '') delete out.VAPID_PUBLIC_KEY;
  for (const name of SECRET_VARIABLES) {
    // Compose passes an unset `${KEY_SECRET:-}` as empty: that is no secret, not a short one
    if (out[name] === '') delete out[name];
    const file = env[`${name}_FILE`];
    if (file === undefined || file === '') continue;
    if (env[name] !== undefined && env[name] !== '') {
      problems.push(`${name} and ${name}_FILE are both set: keep one`);
      continue;
    }
    try {
      out[name] = readFileSync(file, 'utf8').trim();
    } catch (error) {
      problems.push(
        `${name}_FILE (${file}) cannot be read: ${(error as NodeJS.ErrnoException).code ?? error}`,
      );
    }
  }
  return { env: out, problems };
}

/** At least this many characters and estimated bits: `openssl rand -hex 32` gives 64 and 256. */
const KEY_SECRET_MIN_LENGTH = 32;
const KEY_SECRET_MIN_BITS = 86;
let estimator: ZxcvbnFactory | undefined;
/**
 * Bits a guesser needs (zxcvbn: repeats, sequences, keyboard walks, common passwords count for little);
 * a random 32-hex-digit secret never scored below 93 in 5,000 draws, `0123…ef0123…ef` scores 15.
 */
function secretStrengthBits(secret: string): number {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return Math.floor(estimator.check(secret).guessesLog10 * Math.log2(10));
}

/** What production needs that other modes do without: one line per problem. */
function productionProblems(config: z.infer<typeof configSchema>): string[] {
  const problems: string[] = [];
  if (!config.REDIS_URL && !config.ALLOW_MEMORY_STORE_ONE_INSTANCE) {
    problems.push(
      'REDIS_URL is required in production: sessions, agreement records and counters must live in a store every replica shares and a restart keeps',
    );
  }
  if (!config.DATABASE_URL && !config.ALLOW_MEMORY_STORE_ONE_INSTANCE) {
    problems.push(
      'DATABASE_URL is required in production: declarations and agreement records must live in a database every replica shares, with backups',
    );
  }
  if (!config.KEY_SECRET) {
    problems.push(
      'KEY_SECRET (or KEY_SECRET_FILE) is required in production: one secret shared by every replica, from openssl rand -hex 32',
    );
  }
  const secrets = [
    ...(config.KEY_SECRET ? [{ name: 'KEY_SECRET', secret: config.KEY_SECRET }] : []),
    ...config.KEY_SECRETS_PREVIOUS.map((secret, i) => ({
      name: `KEY_SECRETS_PREVIOUS's secret ${i + 1}`,
      secret,
    })),
  ];
  for (const { name, secret } of secrets) {
    if (secret.length < KEY_SECRET_MIN_LENGTH) {
      problems.push(
        `${name} is too short (${secret.length} characters, ${KEY_SECRET_MIN_LENGTH} needed): use openssl rand -hex 32`,
      );
    } else {
      const bits = secretStrengthBits(secret);
      if (bits < KEY_SECRET_MIN_BITS) {
        problems.push(
          `${name} is too guessable (about ${bits} bits, ${KEY_SECRET_MIN_BITS} needed: repeats, sequences or words): use openssl rand -hex 32`,
        );
      }
    }
  }
  if (config.COOKIE_SECURE === false && !config.ALLOW_INSECURE_COOKIES_LOCAL_HTTP) {
    problems.push(
      'COOKIE_SECURE=false is refused in production: session cookies would travel over plain http (a local demo on http://localhost may set ALLOW_INSECURE_COOKIES_LOCAL_HTTP=true)',
    );
  }
  return problems;
}

/** Previous keys need a newest one beside them, and each key is listed once (ids derive from secrets). */
function keyringProblems({
  KEY_SECRET: newest,
  KEY_SECRETS_PREVIOUS: previous,
}: z.infer<typeof configSchema>) {
  if (previous.length === 0) return [];
  if (!newest)
    return ['KEY_SECRETS_PREVIOUS needs KEY_SECRET: the newest key, which keys everything written now'];
  const seen = new Map([[keyIdOf(newest), 'KEY_SECRET']]);
  const problems: string[] = [];
  previous.forEach((secret, i) => {
    const name = `KEY_SECRETS_PREVIOUS's secret ${i + 1}`;
    const same = seen.get(keyIdOf(secret));
    if (same) problems.push(`${name} is the same key as ${same}: list every key once`);
    else seen.set(keyIdOf(secret), name);
  });
  return problems;
}

export function loadConfig(input: NodeJS.ProcessEnv = process.env): Config {
  const { env, problems: fileProblems } = readSecretFiles(input);
  if (fileProblems.length > 0) {
    throw new Error(`Invalid configuration:\n${fileProblems.map((p) => `✖ ${p}`).join('\n')}`);
  }
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  if (parsed.data.NODE_ENV === 'production') {
    const problems = productionProblems(parsed.data);
    if (problems.length > 0) {
      throw new Error(`Invalid configuration:\n${problems.map((p) => `✖ ${p}`).join('\n')}`);
    }
  }
  // Instances that share Redis must derive the same keys: a random secret per process would split them.
  if (parsed.data.REDIS_URL && !parsed.data.KEY_SECRET) {
    throw new Error(
      'Invalid configuration:\n✖ KEY_SECRET is required with REDIS_URL: set one secret of 16+ characters, shared by every instance',
    );
  }
  // Instances that share Redis are several: each with a database of its own would split the records.
  if (parsed.data.REDIS_URL && !parsed.data.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n✖ DATABASE_URL is required with REDIS_URL: several instances must share one database (PGlite, without it, lives in one process)',
    );
  }
  // A public key without its private one (or the reverse) signs nothing a push service accepts.
  if ((parsed.data.VAPID_PUBLIC_KEY === undefined) !== (parsed.data.VAPID_PRIVATE_KEY === undefined)) {
    throw new Error(
      'Invalid configuration:\n✖ VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (npx web-push generate-vapid-keys) or neither',
    );
  }
  const { REMINDER_SEND_HOUR: sendHour, REMINDER_QUIET_HOURS: quiet } = parsed.data;
  if (
    quiet.from > quiet.to
      ? sendHour >= quiet.from || sendHour < quiet.to
      : sendHour >= quiet.from && sendHour < quiet.to
  ) {
    throw new Error(
      `Invalid configuration:\n✖ REMINDER_SEND_HOUR (${sendHour}) falls in REMINDER_QUIET_HOURS: reminders would wait for the morning after`,
    );
  }
  const keyProblems = keyringProblems(parsed.data);
  if (keyProblems.length > 0) {
    throw new Error(`Invalid configuration:\n${keyProblems.map((p) => `✖ ${p}`).join('\n')}`);
  }
  const { SHUTDOWN_DRAIN_MS: drain, SHUTDOWN_GRACE_MS: grace, SHUTDOWN_EXIT_MS: exit } = parsed.data;
  if (drain + grace + SHUTDOWN_EXIT_MARGIN_MS > exit) {
    throw new Error(
      `Invalid configuration:\n✖ SHUTDOWN_EXIT_MS (${exit}) must be at least SHUTDOWN_DRAIN_MS + SHUTDOWN_GRACE_MS + ${SHUTDOWN_EXIT_MARGIN_MS} (${drain + grace + SHUTDOWN_EXIT_MARGIN_MS}): the hard exit would cut requests the grace lets finish`,
    );
  }
  const { OVERLOAD_MAX_IN_FLIGHT: apiBound, PROXY_MAX_PENDING: proxyBound } = parsed.data;
  if (apiBound > 0 && proxyBound !== undefined && proxyBound >= apiBound) {
    throw new Error(
      `Invalid configuration:\n✖ PROXY_MAX_PENDING (${proxyBound}) must be below OVERLOAD_MAX_IN_FLIGHT (${apiBound}): calls stuck on the upstream would take every slot`,
    );
  }
  return {
    ...parsed.data,
    PROXY_MAX_PENDING: proxyBound ?? (apiBound > 0 ? Math.max(1, Math.floor(apiBound / 2)) : 500),
  };
}

export const cookieSecure = (config: Config) => config.COOKIE_SECURE ?? config.NODE_ENV === 'production';
