import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type Config, cookieSecure } from '../config/config';
import type { Ports } from '../ports/ports';

/**
 * OWASP's device cookie: a browser that signed a person in holds a cookie signed for that person, and
 * its attempts are counted for it alone, so the lock that strangers' guesses put on the document does not
 * stop it. The cookie names the key that signed it, a random device id and an HMAC over the person's
 * pseudonym and the id; it carries no document. A cookie of any configured key is trusted (a rotation keeps
 * the browsers a person signed in on), one of a key no longer configured is not; every sign-in issues a new
 * one under the newest key.
 */
const cookieName = (config: Config) => (cookieSecure(config) ? '__Host-dispositivo' : 'dispositivo');

// The MACs as the cookies made before keyed values carried ids: the key id already leads the cookie.
const signature = ({ keys }: Pick<Ports, 'keys'>, keyId: string, cpfCnpj: string, device: string) =>
  keys.mac('device', `${keys.mac('device-person', cpfCnpj, keyId)}.${device}`, keyId);

/** The id of this browser when it holds a device cookie signed for this document; undefined otherwise. */
export function trustedDevice(
  ports: Pick<Ports, 'config' | 'keys' | 'cookies'>,
  cpfCnpj: string,
): string | undefined {
  const value = ports.cookies.get(cookieName(ports.config));
  const [kid, device, mac, ...rest] = value?.split('.') ?? [];
  if (!kid || !device || !mac || rest.length > 0 || !ports.keys.has(kid) || !/^[\w-]{22}$/.test(device))
    return undefined;
  const expected = Buffer.from(signature(ports, kid, cpfCnpj, device));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? device : undefined;
}

const cookieOptions = (config: Config) =>
  ({
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: cookieSecure(config),
  }) as const;

/** After a sign-in: this browser is the person's, for DEVICE_COOKIE_DAYS. */
export function issueDeviceCookie(ports: Pick<Ports, 'config' | 'keys' | 'cookies'>, cpfCnpj: string): void {
  const device = randomBytes(16).toString('base64url');
  const { newest } = ports.keys;
  ports.cookies.set(
    cookieName(ports.config),
    `${newest}.${device}.${signature(ports, newest, cpfCnpj, device)}`,
    { ...cookieOptions(ports.config), maxAge: ports.config.DEVICE_COOKIE_DAYS * 24 * 60 * 60 },
  );
}

/** After the account's deletion: the browser holds nothing of it. */
export function forgetDevice(ports: Pick<Ports, 'config' | 'cookies'>): void {
  const name = cookieName(ports.config);
  if (ports.cookies.get(name) !== undefined) ports.cookies.clear(name, cookieOptions(ports.config));
}
