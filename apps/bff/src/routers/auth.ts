import type { LoginData } from '@portal/contracts/upstream-auth';
import { DOCUMENT_INVALID_MESSAGE, isValidDocument, normalizeDocument } from '@portal/validation/document';
import { PASSWORD_REQUIRED_MESSAGE } from '@portal/validation/password';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Context } from '../trpc/context';
import { publicProcedure, router } from '../trpc/init';
import { MESSAGES } from '../trpc/to-trpc-error';
import { UpstreamError } from '../upstream/errors';
import { type SessionView, toSessionView } from './session-view';

export const documentInput = z
  .string()
  .max(40)
  .refine(isValidDocument, DOCUMENT_INVALID_MESSAGE)
  .transform(normalizeDocument);

export const signInInput = z.object({
  cpfCnpj: documentInput,
  senha: z.string().min(1, PASSWORD_REQUIRED_MESSAGE).max(200),
});

const MAX_ANSWERS_PER_QUESTION = 3;
const MINUTE = 60_000;

/** Same message for an unknown document, a wrong password and a lock: nothing to enumerate. */
const refused = () => new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.loginFailed });
const tooMany = () => new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyAttempts });

/** Takes one credential attempt for the document and the IP; false when either is locked. */
async function takeAttempt(ctx: Context, cpfCnpj: string): Promise<boolean> {
  const { config, limiter } = ctx.services;
  const windowMs = config.SIGNIN_LOCK_MINUTES * MINUTE;
  return limiter.hitAll([
    ['signin-doc', cpfCnpj, { max: config.SIGNIN_MAX_FAILURES, windowMs }],
    ['signin-ip', ctx.req.ip, { max: config.SIGNIN_MAX_ATTEMPTS_PER_IP, windowMs }],
  ]);
}

/** Every sign-in path ends here: a new session id, the document's attempts given back. */
export async function startSession(ctx: Context, login: LoginData): Promise<SessionView> {
  const cpfCnpj = normalizeDocument(login.cpfCnpj);
  await ctx.services.limiter.clear('signin-doc', cpfCnpj);
  await ctx.services.sessions.endChallenge(ctx.req, ctx.res);
  const session = await ctx.services.sessions.start(ctx.req, ctx.res, {
    token: login.token,
    clientId: login.id,
    cpfCnpj,
    nome: login.nome,
  });
  return toSessionView(session.data);
}

export const authRouter = router({
  /** What the sign-in page may offer: Google only when a client id is configured. */
  options: publicProcedure.query(({ ctx }) => ({
    googleClientId: ctx.services.config.GOOGLE_CLIENT_ID ?? null,
    googleScriptUrl: ctx.services.config.GOOGLE_CLIENT_ID ? ctx.services.config.GOOGLE_SCRIPT_URL : null,
  })),

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

  /** Home banner: is this document registered? (decides between /login and /cadastro) */
  lookupDocument: publicProcedure
    .input(z.object({ cpfCnpj: documentInput }))
    .mutation(async ({ ctx, input }) => {
      const allowed = await ctx.services.limiter.hit('lookup-ip', ctx.req.ip, {
        max: ctx.services.config.LOOKUP_MAX_PER_IP,
        windowMs: 10 * MINUTE,
      });
      if (!allowed) throw tooMany();
      return ctx.services.upstream.documentStatus(input.cpfCnpj);
    }),

  signIn: publicProcedure.input(signInInput).mutation(async ({ ctx, input }): Promise<SessionView> => {
    if (!(await takeAttempt(ctx, input.cpfCnpj))) {
      ctx.req.log.info('sign-in refused: attempt limit');
      throw refused();
    }
    try {
      return await startSession(ctx, await ctx.services.upstream.login(input));
    } catch (error) {
      if (error instanceof UpstreamError && (error.kind === 'rejected' || error.kind === 'token-expired')) {
        throw refused();
      }
      throw error;
    }
  }),

  /** Identity-question sign-in, step 1 (solicitarLogin): the question, bound to this browser. */
  startChallenge: publicProcedure
    .input(z.object({ cpfCnpj: documentInput }))
    .mutation(async ({ ctx, input }) => {
      const { config, limiter, upstream, sessions } = ctx.services;
      const allowed = await limiter.hitAll([
        ['challenge-doc', input.cpfCnpj, { max: config.CHALLENGE_MAX_PER_DOCUMENT, windowMs: 15 * MINUTE }],
        ['challenge-ip', ctx.req.ip, { max: config.SIGNIN_MAX_ATTEMPTS_PER_IP, windowMs: 15 * MINUTE }],
      ]);
      if (!allowed) throw tooMany();
      const reply = await upstream.solicitarLogin(input.cpfCnpj);
      if (reply.erro || !reply.verificacao) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: reply.message || MESSAGES.unexpected });
      }
      await sessions.startChallenge(ctx.req, ctx.res, {
        cpfCnpj: input.cpfCnpj,
        pergunta: reply.verificacao,
        answers: 0,
      });
      return { pergunta: reply.verificacao };
    }),

  /** Step 2 (verificarLogin): a few answers per question, single use, counted like passwords. */
  answerChallenge: publicProcedure
    .input(z.object({ resposta: z.string().trim().min(1, 'Informe a resposta.').max(200) }))
    .mutation(async ({ ctx, input }): Promise<SessionView> => {
      const { sessions, upstream } = ctx.services;
      const challenge = await sessions.readChallenge(ctx.req);
      if (!challenge)
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: MESSAGES.challengeExpired });
      const { id, record } = challenge;
      if (!(await takeAttempt(ctx, record.cpfCnpj))) {
        await sessions.endChallenge(ctx.req, ctx.res);
        throw tooMany();
      }
      const reply = await upstream.verificarLogin({
        cpfCnpj: record.cpfCnpj,
        pergunta: record.pergunta,
        resposta: input.resposta,
      });
      if (reply.erro) {
        const answers = record.answers + 1;
        if (answers >= MAX_ANSWERS_PER_QUESTION) {
          await sessions.endChallenge(ctx.req, ctx.res);
          throw new TRPCError({ code: 'PRECONDITION_FAILED', message: MESSAGES.challengeExpired });
        }
        await sessions.saveChallenge(id, { ...record, answers });
        throw new TRPCError({ code: 'BAD_REQUEST', message: reply.message || MESSAGES.unexpected });
      }
      return startSession(ctx, reply);
    }),

  /** Google one-tap: the credential is verified here before the upstream sees it. */
  signInWithGoogle: publicProcedure
    .input(z.object({ credential: z.string().min(1).max(10_000) }))
    .mutation(async ({ ctx, input }): Promise<SessionView> => {
      const identity = await ctx.services.verifyGoogle(input.credential);
      if (!identity) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.googleFailed });
      try {
        return await startSession(ctx, await ctx.services.upstream.loginGoogle(input.credential));
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
    }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    await ctx.services.sessions.end(ctx.req, ctx.res);
    return { ok: true as const };
  }),
});
