import { type CreditorCard, creditorCard, listCreditors } from '../negotiation/creditors';
import { router, sessionProcedure } from '../trpc/init';

export const debtsRouter = router({
  /** The partner creditors holding the user's contracts. */
  creditors: sessionProcedure
    .meta({ sideEffects: true })
    .query(async ({ ctx }): Promise<CreditorCard[]> => (await listCreditors(ctx)).map(creditorCard)),
});
