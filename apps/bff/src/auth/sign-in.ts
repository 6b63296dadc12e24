import type { LoginData } from '@portal/contracts/upstream-auth';
import { normalizeDocument } from '@portal/validation/document';
import { TRPCError } from '@trpc/server';
import type { PersonIndex } from '../session/session-manager';
import { type SessionView, toSessionView } from '../session/session-view';
import type { Context } from '../trpc/context';
import { MESSAGES } from '../trpc/to-trpc-error';
import { UpstreamError } from '../upstream/errors';

const MINUTE = 60_000;

/** Same message for an unknown document, a wrong password and a lock: nothing to enumerate. */
export const refused = () => new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.loginFailed });
export const tooMany = () => new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyAttempts });

/** Takes one credential attempt for the document and the IP; false when either is locked. */
export async function takeAttempt(ctx: Context, cpfCnpj: string): Promise<boolean> {
  const { config, limiter } = ctx.services;
  const windowMs = config.SIGNIN_LOCK_MINUTES * MINUTE;
  if (await limiter.isLocked('signin-doc', cpfCnpj)) return false;
  return limiter.hitAll([
    ['signin-doc', cpfCnpj, { max: config.SIGNIN_MAX_FAILURES, windowMs }],
    ['signin-ip', ctx.req.ip, { max: config.SIGNIN_MAX_ATTEMPTS_PER_IP, windowMs }],
  ]);
}

/**
 * A refused credential for the document: the one that reaches the limit locks the document for
 * SIGNIN_LOCK_MINUTES from now, not for what is left of the window that counted the failures.
 */
export async function noteFailure(ctx: Context, cpfCnpj: string): Promise<void> {
  const { config, limiter } = ctx.services;
  if ((await limiter.count('signin-doc', cpfCnpj)) >= config.SIGNIN_MAX_FAILURES) {
    await limiter.lock('signin-doc', cpfCnpj, config.SIGNIN_LOCK_MINUTES * MINUTE);
  }
}

/** Takes one hit of a per-IP limit over `windowMs`; refuses with 'too many attempts' beyond it. */
export async function limitByIp(ctx: Context, bucket: string, max: number, windowMs: number): Promise<void> {
  if (!(await ctx.services.limiter.hit(bucket, ctx.req.ip, { max, windowMs }))) throw tooMany();
}

/** Where a document's sessions are listed: under a keyed pseudonym of it, never the document. */
export const sessionsOf = (ctx: Context, cpfCnpj: string): PersonIndex => ({
  person: ctx.services.pseudonym('sessions-of', cpfCnpj),
  max: ctx.services.config.SESSION_MAX_PER_DOCUMENT,
});

/** Every sign-in path ends here: a new session id, the document's attempts given back. */
export async function startSession(ctx: Context, login: LoginData): Promise<SessionView> {
  const cpfCnpj = normalizeDocument(login.cpfCnpj);
  await ctx.services.limiter.clear('signin-doc', cpfCnpj);
  await ctx.services.sessions.endChallenge(ctx.req, ctx.res);
  const session = await ctx.services.sessions.start(
    ctx.req,
    ctx.res,
    { token: login.token, clientId: login.id, cpfCnpj, nome: login.nome },
    sessionsOf(ctx, cpfCnpj),
  );
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
  if (!(await takeAttempt(ctx, input.cpfCnpj))) {
    ctx.req.log.info('sign-in refused: attempt limit');
    throw refused();
  }
  try {
    return await startSession(ctx, await ctx.services.upstream.login(input));
  } catch (error) {
    if (error instanceof UpstreamError && (error.kind === 'rejected' || error.kind === 'token-expired')) {
      await noteFailure(ctx, input.cpfCnpj);
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
    return await startSession(ctx, await ctx.services.upstream.loginGoogle(credential));
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
