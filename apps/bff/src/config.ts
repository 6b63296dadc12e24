import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the BFF reads, with its default. The README lists them. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** base URL of the creditor upstream's REST API (the stub in development) */
  UPSTREAM_URL: z.url(),
  /** base URL of the upstream's socket channels; defaults to UPSTREAM_URL with ws(s) */
  UPSTREAM_WS_URL: z.url().optional(),
  /** spec §9: real-time reply wait */
  PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(195_000),
  /** in-flight proxy requests beyond which new ones fail at once */
  PROXY_MAX_PENDING: z.coerce.number().int().positive().default(10_000),
  UPSTREAM_HTTP_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /** Secure cookies; on by default in production */
  COOKIE_SECURE: bool.optional(),
  /** secret for hashing documents in rate-limit keys; random per process when unset */
  KEY_SECRET: z.string().min(16).optional(),
  SIGNIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  SIGNIN_LOCK_MINUTES: z.coerce.number().positive().default(15),
  SIGNIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(100),
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
  TRUST_PROXY: bool.default(false),
  /** the built SPA; not served when the folder is missing */
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

export const cookieSecure = (config: Config) => config.COOKIE_SECURE ?? config.NODE_ENV === 'production';
