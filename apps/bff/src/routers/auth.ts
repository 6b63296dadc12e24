import { DOCUMENT_INVALID_MESSAGE, isValidDocument, normalizeDocument } from '@portal/validation/document';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { publicProcedure, router } from '../trpc/init';
import { MESSAGES } from '../trpc/to-trpc-error';
import { UpstreamError } from '../upstream/errors';
import { type SessionView, toSessionView } from './session-view';

export const signInInput = z.object({
  cpfCnpj: z.string().max(40).refine(isValidDocument, DOCUMENT_INVALID_MESSAGE).transform(normalizeDocument),
  senha: z.string().min(1, 'Informe a senha.').max(200),
});

export const authRouter = router({
  /** The current session, re-validated upstream with its token; null when signed out. */
  session: publicProcedure.query(async ({ ctx }): Promise<SessionView | null> => {
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
  }),

  signIn: publicProcedure.input(signInInput).mutation(async ({ ctx, input }): Promise<SessionView> => {
    const { limiter, upstream, sessions } = ctx.services;
    // Same message for an unknown document, a wrong password and a lock: nothing to enumerate.
    const refused = () => new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.loginFailed });
    const { config } = ctx.services;
    const window = config.SIGNIN_LOCK_MINUTES * 60_000;
    const allowed = await limiter.hitAll([
      ['signin-doc', input.cpfCnpj, { max: config.SIGNIN_MAX_FAILURES, windowMs: window }],
      ['signin-ip', ctx.req.ip, { max: config.SIGNIN_MAX_ATTEMPTS_PER_IP, windowMs: window }],
    ]);
    if (!allowed) {
      ctx.req.log.info('sign-in refused: attempt limit');
      throw refused();
    }
    let login: Awaited<ReturnType<typeof upstream.login>>;
    try {
      login = await upstream.login({ cpfCnpj: input.cpfCnpj, senha: input.senha });
    } catch (error) {
      if (error instanceof UpstreamError && (error.kind === 'rejected' || error.kind === 'token-expired')) {
        throw refused();
      }
      throw error;
    }
    await limiter.clear('signin-doc', input.cpfCnpj);
    const session = await sessions.start(ctx.req, ctx.res, {
      token: login.token,
      clientId: login.id,
      cpfCnpj: normalizeDocument(login.cpfCnpj),
      nome: login.nome,
    });
    return toSessionView(session.data);
  }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    await ctx.services.sessions.end(ctx.req, ctx.res);
    return { ok: true as const };
  }),
});
