import webpush from 'web-push';

/** A browser's push subscription as PushSubscription.toJSON() gives it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * What became of one message: the push service took it ('aceito'), the subscription is gone for good (404,
 * 410: the browser unsubscribed, delete it), or it may be tried again later ('tentar').
 */
export type PushOutcome = 'aceito' | 'sem-inscricao' | 'tentar';

export interface PushSender {
  /** the VAPID public key browsers subscribe with */
  publicKey: string;
  /** Whether a subscription's endpoint names one of the configured push services. */
  allows(endpoint: string): boolean;
  /**
   * Encrypts `payload` for the subscription (RFC 8291, aes128gcm) and posts it, signed with VAPID. `topic`
   * (≤ 32 base64url characters) lets the push service replace an undelivered copy sent again.
   */
  send(
    target: PushTarget,
    payload: string,
    options: { topic: string; ttlSeconds: number },
  ): Promise<PushOutcome>;
}

/**
 * The push service an endpoint names, checked against the configured origins: `https://host[:port]`, or
 * `https://*.domain` for any subdomain. One parsed URL decides, for the subscription kept and for each
 * send: no credentials, no other scheme, port or host.
 */
export function pushServiceAllows(services: readonly string[], endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((service) => {
    const wildcard = /^(https?:)\/\/\*\.(.+)$/.exec(service);
    if (!wildcard) return url.origin === service;
    const [, scheme, domain] = wildcard;
    return url.protocol === scheme && url.port === '' && url.hostname.endsWith(`.${domain}`);
  });
}

/** Web Push with the `web-push` library's encryption and VAPID headers, posted with fetch (no redirect followed). */
export function createPushSender({
  publicKey,
  privateKey,
  subject,
  services,
  timeoutMs,
}: {
  publicKey: string;
  privateKey: string;
  subject: string;
  services: readonly string[];
  timeoutMs: number;
}): PushSender {
  const allows = (endpoint: string) => pushServiceAllows(services, endpoint);
  return {
    publicKey,
    allows,
    async send(target, payload, { topic, ttlSeconds }) {
      if (!allows(target.endpoint)) return 'sem-inscricao';
      const details = webpush.generateRequestDetails(target, payload, {
        vapidDetails: { subject, publicKey, privateKey },
        TTL: ttlSeconds,
        topic,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
      try {
        const reply = await fetch(details.endpoint, {
          method: 'POST',
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        await reply.arrayBuffer();
        if (reply.status >= 200 && reply.status < 300) return 'aceito';
        if (reply.status === 404 || reply.status === 410) return 'sem-inscricao';
        return 'tentar';
      } catch {
        return 'tentar';
      }
    },
  };
}

/** A VAPID pair of this process only, for a BFF without configured keys outside production. */
export const vapidKeysOfThisProcess = () => webpush.generateVAPIDKeys();
