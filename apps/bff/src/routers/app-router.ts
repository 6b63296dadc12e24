import { UNBATCHABLE_PROCEDURES } from '@portal/contracts/procedures/batching';
import type { AnyTRPCProcedure, AnyTRPCRouter, inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { type ProcedureMeta, router } from '../trpc/init';
import { accountRouter, recoveryRouter, registrationRouter } from './account';
import { agreementsRouter } from './agreements';
import { authRouter } from './auth';
import { budgetRouter, debtsRouter, negotiationRouter, partnersRouter } from './negotiation';
import { remindersRouter } from './reminders';
import { trackingRouter } from './tracking';
import { verificationRouter } from './verification';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  debts: debtsRouter,
  budget: budgetRouter,
  negotiation: negotiationRouter,
  agreements: agreementsRouter,
  partners: partnersRouter,
  reminders: remindersRouter,
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

/** Every procedure under its dotted path ('auth.signIn'), as tRPC keeps them whatever the routers' nesting. */
export const proceduresOf = <TRouter extends AnyTRPCRouter>(
  router: TRouter,
): Record<string, AnyTRPCProcedure | undefined> => router._def.procedures;

const procedures = proceduresOf(appRouter);

/**
 * Whether a call of the procedure at `path` may change anything: every mutation, and a query whose
 * procedure declares `meta({ sideEffects: true })`. A cross-site request must not run such a call.
 */
export function hasSideEffects(path: string): boolean {
  const procedure = procedures[path];
  return (
    procedure !== undefined &&
    (procedure._def.type !== 'query' ||
      (procedure._def.meta as ProcedureMeta | undefined)?.sideEffects === true)
  );
}
