import type { Config } from '../config/config';
import type { Cookies } from '../core/cookies';
import type { Device, Log } from '../core/request';
import type { Records } from '../db/records';
import type { Reminders } from '../db/reminders';
import type { Keyring } from '../keys/keyring';
import type { PdfReader } from '../pdf/pdf-reader';
import type { PushSender } from '../push/web-push';
import type { SessionManager } from '../session/session-manager';
import type { RateLimiter } from '../store/rate-limiter';
import type { SessionStore } from '../store/store';
import type { ActivationChannel } from '../upstream/activation-channel';
import type { UpstreamFiles } from '../upstream/files';
import type { GoogleVerifier } from '../upstream/google-verifier';
import type { ProxyChannel } from '../upstream/proxy-channel';
import type { UpstreamClient } from '../upstream/rest-client';
import type { TrailChannel } from '../upstream/trail-channel';

/**
 * What the domain reaches the world through, built once at start (services.ts): the upstream's REST client,
 * files and socket channels, the store and what is built on it, the keys, the configuration's values.
 * A domain function names the ports it uses (`Pick<Ports, 'proxy' | 'log'>`), so its signature says
 * what it reaches (docs/decisions/0010-domain-ports.md).
 */
export interface AppPorts {
  config: Config;
  /** sessions, their slots and the identity question's challenge, in the store */
  sessions: SessionManager;
  store: SessionStore;
  /** what must last, in PostgreSQL: declarations, agreement records, the account's activity */
  db: Records;
  /** the reminders people chose, their browsers' push subscriptions, the push reminders due */
  reminders: Reminders;
  /** Web Push to the browsers that subscribed; null without VAPID keys (production) */
  push: PushSender | null;
  limiter: RateLimiter;
  upstream: UpstreamClient;
  /** the upstream's files (boleto PDFs, logos) */
  files: UpstreamFiles;
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
}

/** The request's own ports, without the request: wired for each call by the tRPC context. */
export interface RequestPorts {
  log: Log;
  /** the caller's address, for rate limits keyed by it (never stored in clear) */
  ip: string;
  device: Device;
  /** the browser's User-Agent, read when the account's activity records a sign-in */
  userAgent: string;
  cookies: Cookies;
}

export type Ports = AppPorts & RequestPorts;
