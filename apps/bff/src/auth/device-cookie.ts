import { randomBytes, timingSafeEqual } from 'node:crypto';
import { cookieSecure } from '../config';
import type { Context } from '../trpc/context';

/**
 * OWASP's device cookie: a browser that signed a person in holds a cookie signed for that person, and
 * its attempts are counted for it alone, so the lock that strangers' guesses put on the document does not
 * stop it. The cookie names a random device id, the key that signed it (so the secret can rotate: a
 * cookie of another key is simply untrusted) and an HMAC over the person's pseudonym and the id; it
 * carries no document.
 */
const cookieName = (ctx: Context) =>
  cookieSecure(ctx.services.config) ? '__Host-dispositivo' : 'dispositivo';

const keyId = (ctx: Context) => ctx.services.pseudonym('device-key', '').slice(0, 8);
const signature = (ctx: Context, cpfCnpj: string, device: string) =>
  ctx.services.pseudonym('device', `${ctx.services.pseudonym('device-person', cpfCnpj)}.${device}`);

/** The id of this browser when it holds a device cookie signed for this document; undefined otherwise. */
export function trustedDevice(ctx: Context, cpfCnpj: string): string | undefined {
  const value = ctx.req.cookies[cookieName(ctx)];
  const [kid, device, mac, ...rest] = value?.split('.') ?? [];
  if (!kid || !device || !mac || rest.length > 0 || kid !== keyId(ctx) || !/^[\w-]{22}$/.test(device))
    return undefined;
  const expected = Buffer.from(signature(ctx, cpfCnpj, device));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? device : undefined;
}

const cookieOptions = (ctx: Context) =>
  ({
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: cookieSecure(ctx.services.config),
  }) as const;

/** After a sign-in: this browser is the person's, for DEVICE_COOKIE_DAYS. */
export function issueDeviceCookie(ctx: Context, cpfCnpj: string): void {
  const device = randomBytes(16).toString('base64url');
  ctx.res.setCookie(cookieName(ctx), `${keyId(ctx)}.${device}.${signature(ctx, cpfCnpj, device)}`, {
    ...cookieOptions(ctx),
    maxAge: ctx.services.config.DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

/** After the account's deletion: the browser holds nothing of it. */
export function forgetDevice(ctx: Context): void {
  if (ctx.req.cookies[cookieName(ctx)] !== undefined)
    ctx.res.clearCookie(cookieName(ctx), cookieOptions(ctx));
}
