import {
  answerChallengeInput,
  documentLookupInput,
  googleSignInInput,
  signInInput,
  startChallengeInput,
} from '@portal/contracts/procedures/auth';
import { enterAccount } from '../account/first-screen';
import { answerChallenge, startChallenge } from '../auth/challenge';
import {
  currentSession,
  lookupDocument,
  signInOptions,
  signInWithGoogle,
  signInWithPassword,
  signOut,
} from '../auth/sign-in';
import { publicProcedure, router } from '../trpc/init';

export const authRouter = router({
  /** What the sign-in page may offer: Google only when a client id is configured. */
  options: publicProcedure.query(({ ctx }) => signInOptions(ctx.ports)),

  /** The current session, re-validated upstream; null when signed out. */
  session: publicProcedure.query(({ ctx }) => currentSession(ctx.ports, ctx.person)),

  /** Home banner: is this document registered? (decides between /login and /cadastro) */
  lookupDocument: publicProcedure
    .input(documentLookupInput)
    .mutation(({ ctx, input }) => lookupDocument(ctx.ports, input.cpfCnpj)),

  /** Each way in answers with Minha conta's first screen when it comes in time (auth/first-screen.ts). */
  signIn: publicProcedure
    .input(signInInput)
    .mutation(async ({ ctx, input }) => enterAccount(ctx.ports, await signInWithPassword(ctx.ports, input))),

  /** Identity-question sign-in, step 1: the question, bound to this browser. */
  startChallenge: publicProcedure
    .input(startChallengeInput)
    .mutation(({ ctx, input }) => startChallenge(ctx.ports, input.cpfCnpj)),

  /** Step 2: the answer. */
  answerChallenge: publicProcedure
    .input(answerChallengeInput)
    .mutation(async ({ ctx, input }) =>
      enterAccount(ctx.ports, await answerChallenge(ctx.ports, input.resposta)),
    ),

  /** Google one-tap. */
  signInWithGoogle: publicProcedure
    .input(googleSignInInput)
    .mutation(async ({ ctx, input }) =>
      enterAccount(ctx.ports, await signInWithGoogle(ctx.ports, input.credential)),
    ),

  signOut: publicProcedure.mutation(({ ctx }) => signOut(ctx.ports)),
});
