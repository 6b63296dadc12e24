import {
  answerChallengeInput,
  documentLookupInput,
  googleSignInInput,
  signInInput,
  startChallengeInput,
} from '@portal/contracts/procedures/auth';
import { answerChallenge, startChallenge } from '../auth/challenge';
import { currentSession, limitByIp, signInWithGoogle, signInWithPassword } from '../auth/sign-in';
import { publicProcedure, router } from '../trpc/init';

const MINUTE = 60_000;

export const authRouter = router({
  /** What the sign-in page may offer: Google only when a client id is configured. */
  options: publicProcedure.query(({ ctx }) => ({
    googleClientId: ctx.services.config.GOOGLE_CLIENT_ID ?? null,
    googleScriptUrl: ctx.services.config.GOOGLE_CLIENT_ID ? ctx.services.config.GOOGLE_SCRIPT_URL : null,
  })),

  /** The current session, re-validated upstream; null when signed out. */
  session: publicProcedure.query(({ ctx }) => currentSession(ctx)),

  /** Home banner: is this document registered? (decides between /login and /cadastro) */
  lookupDocument: publicProcedure.input(documentLookupInput).mutation(async ({ ctx, input }) => {
    await limitByIp(ctx, 'lookup-ip', ctx.services.config.LOOKUP_MAX_PER_IP, 10 * MINUTE);
    return ctx.services.upstream.documentStatus(input.cpfCnpj);
  }),

  signIn: publicProcedure.input(signInInput).mutation(({ ctx, input }) => signInWithPassword(ctx, input)),

  /** Identity-question sign-in, step 1: the question, bound to this browser. */
  startChallenge: publicProcedure
    .input(startChallengeInput)
    .mutation(({ ctx, input }) => startChallenge(ctx, input.cpfCnpj)),

  /** Step 2: the answer. */
  answerChallenge: publicProcedure
    .input(answerChallengeInput)
    .mutation(({ ctx, input }) => answerChallenge(ctx, input.resposta)),

  /** Google one-tap. */
  signInWithGoogle: publicProcedure
    .input(googleSignInInput)
    .mutation(({ ctx, input }) => signInWithGoogle(ctx, input.credential)),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    await ctx.services.sessions.end(ctx.req, ctx.res);
    return { ok: true as const };
  }),
});
