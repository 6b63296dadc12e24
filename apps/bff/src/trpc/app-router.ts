import { UNBATCHABLE_PROCEDURES } from '@portal/contracts/procedures/batching';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { accountRouter } from '../routers/account';
import { agreementsRouter } from '../routers/agreements';
import { authRouter } from '../routers/auth';
import { debtsRouter } from '../routers/debts';
import { negotiationRouter } from '../routers/negotiation';
import { partnersRouter } from '../routers/partners';
import { recoveryRouter } from '../routers/recovery';
import { registrationRouter } from '../routers/registration';
import { trackingRouter } from '../routers/tracking';
import { verificationRouter } from '../routers/verification';
import { router } from './init';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  debts: debtsRouter,
  negotiation: negotiationRouter,
  agreements: agreementsRouter,
  partners: partnersRouter,
  registration: registrationRouter,
  recovery: recoveryRouter,
  tracking: trackingRouter,
  verification: verificationRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Every procedure's path, as the browser names it ('auth.signIn'). */
export type ProcedurePath = {
  [Domain in keyof RouterInputs]: `${Domain & string}.${keyof RouterInputs[Domain] & string}`;
}[keyof RouterInputs];

// The procedures that may not be batched are named in the shared contracts; a misspelt or removed one
// fails the typecheck here.
export const UNBATCHABLE: ReadonlySet<string> = new Set<ProcedurePath>(UNBATCHABLE_PROCEDURES);

/**
 * Queries that do something upstream beyond reading: the contracts query sends the creditor's access
 * record, the score query consults the credit bureau, the intent and pending queries reconcile a pending
 * agreement with the upstream. A cross-site link must not trigger them, so they get the same-origin
 * check of mutations.
 */
export const SIDE_EFFECT_QUERIES: ReadonlySet<string> = new Set<ProcedurePath>([
  'negotiation.contracts',
  'account.score',
  'agreements.intent',
  'agreements.pending',
]);
