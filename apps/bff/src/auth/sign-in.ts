import type { LoginData } from '@portal/contracts/upstream/auth';
import { normalizeDocument } from '@portal/validation/document';
import { TRPCError } from '@trpc/server';
import type { PersonIndex } from '../session/session-manager';
import type { SignInWay } from '../session/session-store';
import { type SessionView, toSessionView } from '../session/session-view';
import type { Context } from '../trpc/context';
import { MESSAGES } from '../trpc/to-trpc-error';
import { UpstreamError } from '../upstream/errors';
import { issueDeviceCookie, trustedDevice } from './device-cookie';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Same message for an unknown document, a wrong password and a lock: nothing to enumerate. */
const refused = () => new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.loginFailed });
export const tooMany = () => new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyAttempts });

/** Whose counter an attempt was taken from: this trusted browser's, or the document's for its path. */
interface Counted {
  scope: 'signin-device' | 'signin-doc' | 'question-doc';
  value: string;
}

/**
 * Takes one credential attempt, from the address's ceiling first, then from one counter: a browser that
 * signed the person in before (its device cookie) counts its own; any other browser counts against the
 * document, passwords and identity answers apart, so that neither path's lock stops the other. Null when
 * refused: over a limit, locked, or inside the delay after a failure.
 */
export async function takeAttempt(
  ctx: Context,
  cpfCnpj: string,
  path: 'password' | 'question',
): Promise<Counted | null> {
  const { config, limiter } = ctx.services;
  const windowMs = config.SIGNIN_LOCK_MINUTES * MINUTE;
  const device = trustedDevice(ctx, cpfCnpj);
  const counted: Counted = device
    ? { scope: 'signin-device', value: device }
    : { scope: path === 'password' ? 'signin-doc' : 'question-doc', value: cpfCnpj };
  if (await limiter.isLocked(counted.scope, counted.value)) return null;
  const limit =
    counted.scope === 'question-doc'
      ? { max: config.CHALLENGE_ANSWERS_PER_DOCUMENT_DAY, windowMs: DAY }
      : { max: config.SIGNIN_MAX_FAILURES, windowMs };
  const allowed = await limiter.hitAll([
    ['signin-ip', ctx.req.ip, { max: config.SIGNIN_MAX_ATTEMPTS_PER_IP, windowMs }],
    [counted.scope, counted.value, limit],
  ]);
  return allowed ? counted : null;
}

/**
 * A refused credential. The failure that reaches the limit locks its counter (the document for unknown
 * browsers, or the one device) for SIGNIN_LOCK_MINUTES from now; before that, each failure of an unknown
 * browser after the first makes the document wait SIGNIN_DELAY_BASE_MS, doubled per failure. Identity
 * answers have no lock of their own: their daily cap is it.
 */
export async function noteFailure(ctx: Context, counted: Counted): Promise<void> {
  const { config, limiter } = ctx.services;
  if (counted.scope === 'question-doc') return;
  const lockMs = config.SIGNIN_LOCK_MINUTES * MINUTE;
  const failures = await limiter.count(counted.scope, counted.value);
  if (failures >= config.SIGNIN_MAX_FAILURES) await limiter.lock(counted.scope, counted.value, lockMs);
  else if (counted.scope === 'signin-doc' && failures >= 2 && config.SIGNIN_DELAY_BASE_MS > 0)
    await limiter.lock(
      counted.scope,
      counted.value,
      Math.min(lockMs, config.SIGNIN_DELAY_BASE_MS * 2 ** (failures - 2)),
    );
}

/** Takes one hit of a per-IP limit over `windowMs`; refuses with 'too many attempts' beyond it. */
export async function limitByIp(ctx: Context, bucket: string, max: number, windowMs: number): Promise<void> {
  if (!(await ctx.services.limiter.hit(bucket, ctx.req.ip, { max, windowMs }))) throw tooMany();
}

/**
 * Where a document's sessions are listed: under a keyed pseudonym of it, never the document; the newest
 * key's, and the older keys' where sessions begun before a rotation are still listed.
 */
export const sessionsOf = (ctx: Context, cpfCnpj: string): PersonIndex => {
  const [person = '', ...formerly] = ctx.services.keys.candidates('sessions-of', cpfCnpj);
  return { person, formerly, max: ctx.services.config.SESSION_MAX_PER_DOCUMENT };
};

/**
 * Every sign-in path ends here: a new session id, and this browser trusted for the person from now on
 * (device cookie). The attempts that counted are given back: the device's own, or the document's
 * password attempts (an identity answer's daily cap is not).
 */
export async function startSession(
  ctx: Context,
  login: LoginData,
  signedInWith: SignInWay,
  counted?: Counted,
): Promise<SessionView> {
  const cpfCnpj = normalizeDocument(login.cpfCnpj);
  const given = counted?.scope === 'signin-device' ? counted : { scope: 'signin-doc', value: cpfCnpj };
  await ctx.services.limiter.clear(given.scope, given.value);
  await ctx.services.sessions.endChallenge(ctx.req, ctx.res);
  const session = await ctx.services.sessions.start(
    ctx.req,
    ctx.res,
    { token: login.token, clientId: login.id, cpfCnpj, nome: login.nome, signedInWith },
    sessionsOf(ctx, cpfCnpj),
  );
  issueDeviceCookie(ctx, cpfCnpj);
  return toSessionView(session.data);
}

/** The current session, re-validated upstream with its token; null when signed out. */
export async function currentSession(ctx: Context): Promise<SessionView | null> {
  if (!ctx.session) return null;
  try {
    const fresh = await ctx.services.upstream.login({ token: ctx.session.data.token });
    return toSessionView({ ...ctx.session.data, nome: fresh.nome });
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'token-expired') {
      await ctx.services.sessions.end(ctx.req, ctx.res);
      return null;
    }
    // An upstream hiccup does not sign anyone out.
    ctx.req.log.warn(
      { kind: error instanceof UpstreamError ? error.kind : 'unknown' },
      'session re-validation failed',
    );
    return toSessionView(ctx.session.data);
  }
}

/** Password sign-in, counted against the document and the IP. */
export async function signInWithPassword(
  ctx: Context,
  input: { cpfCnpj: string; senha: string },
): Promise<SessionView> {
  const counted = await takeAttempt(ctx, normalizeDocument(input.cpfCnpj), 'password');
  if (!counted) {
    ctx.req.log.info('sign-in refused: attempt limit');
    throw refused();
  }
  try {
    return await startSession(ctx, await ctx.services.upstream.login(input), 'senha', counted);
  } catch (error) {
    if (error instanceof UpstreamError && (error.kind === 'rejected' || error.kind === 'token-expired')) {
      await noteFailure(ctx, counted);
      throw refused();
    }
    throw error;
  }
}

/** Google one-tap: the credential is verified here before the upstream sees it. */
export async function signInWithGoogle(ctx: Context, credential: string): Promise<SessionView> {
  const identity = await ctx.services.verifyGoogle(credential);
  if (!identity) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.googleFailed });
  try {
    return await startSession(ctx, await ctx.services.upstream.loginGoogle(credential), 'google');
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'rejected') {
      const message = error.upstreamMessage ?? MESSAGES.googleFailed;
      throw new TRPCError({
        code: message === MESSAGES.googleNotRegistered ? 'NOT_FOUND' : 'UNAUTHORIZED',
        message,
      });
    }
    throw error;
  }
}
