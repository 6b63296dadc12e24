import { randomBytes } from 'node:crypto';

/** strong, as production requires; the same for every process of a run */
const KEY_SECRET = randomBytes(32).toString('hex');

/**
 * A BFF process as production runs it, against `upstream`: on plain http and, unless REDIS_URL is added, one
 * process's memory session store, which production allows only when told.
 */
export const bffEnv = (upstream: string) => ({
  UPSTREAM_URL: upstream,
  NODE_ENV: 'production',
  COOKIE_SECURE: 'false',
  ALLOW_INSECURE_COOKIES_LOCAL_HTTP: 'true',
  ALLOW_MEMORY_STORE_ONE_INSTANCE: 'true',
  KEY_SECRET,
});

/**
 * Beside it, for areas that sign one person in thousands of times from one IP, 50 at a time: the per-IP
 * ceiling, the per-document lock (attempts in flight count until they succeed) and the 10 sessions one
 * person keeps would stop them.
 */
export const MANY_SIGN_INS = {
  SIGNIN_MAX_ATTEMPTS_PER_IP: '1000000',
  SIGNIN_MAX_FAILURES: '1000000',
  SESSION_MAX_PER_DOCUMENT: '10000',
};
