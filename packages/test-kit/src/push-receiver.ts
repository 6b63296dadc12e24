/// <reference path="./http-ece.d.ts" />
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** A browser's subscription at this receiver, as PushSubscription.toJSON() gives it. */
interface ReceiverSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A message the receiver accepted (answered 201), decrypted. */
interface ReceivedPush {
  subscription: string;
  payload: Record<string, unknown>;
  ttl: number;
  topic: string | undefined;
}

/**
 * A local push service, the judge of what the BFF sent: each subscription has its own ECDH key pair and
 * auth secret, as a browser's, so a message counts only once it decrypts (RFC 8291, aes128gcm) under that
 * subscription's keys and carries a VAPID signature (RFC 8292) that verifies with the sender's public key
 * for this origin. A message counts when the receiver answers it 201: one whose sender went away before
 * the answer (a killed instance) was never accepted, as at a real push service. On a free port unless
 * `port` names one (a BFF configured beforehand with the address).
 */
export async function startPushReceiver({ port = 0 }: { port?: number } = {}) {
  const subscriptions = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let holding = false;
  let holdAfter: number | null = null;
  const held: (() => void)[] = [];

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const answer = () => {
        if (response.destroyed || request.socket.destroyed) return;
        const id = decodeURIComponent(request.url?.split('/').pop() ?? '');
        const subscription = subscriptions.get(id);
        if (!subscription) {
          response.writeHead(410).end();
          return;
        }
        try {
          checkVapid(request, origin);
          const payload = JSON.parse(
            decrypt(Buffer.concat(chunks), {
              version: 'aes128gcm',
              privateKey: subscription.ecdh,
              authSecret: subscription.auth,
            }).toString('utf8'),
          ) as Record<string, unknown>;
          received.push({
            subscription: id,
            payload,
            ttl: Number(request.headers.ttl),
            topic: request.headers.topic as string | undefined,
          });
          response.writeHead(201).end();
        } catch (err) {
          refused.push((err as Error).message);
          response.writeHead(400).end();
        }
      };
      if (holdAfter !== null && received.length >= holdAfter) holding = true;
      if (holding) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    /** messages that did not decrypt or verify */
    refused,
    /** A new browser's subscription at this receiver. */
    subscribe(): ReceiverSubscription {
      const id = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      subscriptions.set(id, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      };
    },
    /** The browser unsubscribed: its endpoint answers 410 from now on. */
    unsubscribe: (endpoint: string) => subscriptions.delete(endpoint.split('/').pop() ?? ''),
    /** Holds every answer from now on (requests stay in flight) until `release`. */
    hold: () => {
      holding = true;
    },
    /** Holds every answer once `count` messages were accepted: what is in flight then stays so. */
    holdAfter: (count: number) => {
      holdAfter = count;
    },
    release: () => {
      holding = false;
      holdAfter = null;
      for (const answer of held.splice(0)) answer();
    },
    /** requests waiting for an answer */
    heldCount: () => held.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `Authorization: vapid t=<JWT ES256>, k=<public key>`: audience this origin, not expired, signature valid. */
function checkVapid(request: IncomingMessage, origin: string): void {
  const header = request.headers.authorization ?? '';
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error('no VAPID authorization');
  const [, jwt = '', key = ''] = match;
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud}`);
  if (claims.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('VAPID subject');
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature');
}

/**
 * Reminder hours for a suite that runs at any time of day: sent at 00:00 in Brasília, so a reminder due
 * today is due at once whenever the suite runs, even when it passes midnight after this was read (a send
 * hour read as "now" fell on the next day's future then); quiet hours two hours long, from three hours on
 * (seven when that window would hold midnight), so that neither now nor the send hour is one of them.
 */
export function reminderHoursNow(now = new Date()): {
  REMINDER_SEND_HOUR: string;
  REMINDER_QUIET_HOURS: string;
} {
  const hour = (now.getUTCHours() + 21) % 24;
  const pad = (h: number) => String(h % 24).padStart(2, '0');
  const from = [hour + 3, hour + 7].map((h) => h % 24).find((h) => h !== 23 && h !== 0) ?? 3;
  return { REMINDER_SEND_HOUR: '0', REMINDER_QUIET_HOURS: `${pad(from)}-${pad(from + 2)}` };
}
