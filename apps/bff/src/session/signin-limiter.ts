import { createHmac } from 'node:crypto';
import type { SessionStore } from './session-store';

export interface SignInLimiterOptions {
  store: SessionStore;
  /** keys carry an HMAC of the document and IP, never the raw values */
  keySecret: string;
  maxFailures: number;
  maxAttemptsPerIp: number;
  windowMs: number;
}

/**
 * Sign-in attempts counted per document and per IP in the shared store. Each attempt takes its
 * slot atomically before the upstream is asked, so concurrent or batched guesses cannot slip past
 * the limit; a successful sign-in gives the document its slots back.
 */
export function createSignInLimiter({
  store,
  keySecret,
  maxFailures,
  maxAttemptsPerIp,
  windowMs,
}: SignInLimiterOptions) {
  const key = (kind: string, value: string) =>
    `signin:${kind}:${createHmac('sha256', keySecret).update(value).digest('base64url')}`;

  return {
    /** Counts one attempt; false when the document or the IP is over its limit. */
    async tryAttempt(document: string, ip: string): Promise<boolean> {
      const [byDocument, byIp] = await Promise.all([
        store.increment(key('doc', document), windowMs),
        store.increment(key('ip', ip), windowMs),
      ]);
      return byDocument <= maxFailures && byIp <= maxAttemptsPerIp;
    },
    async recordSuccess(document: string): Promise<void> {
      await store.reset(key('doc', document));
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
