import { contractsInput, offersInput, saveSummaryInput } from '@portal/contracts/procedures/negotiation';
import { contractsOf, offersFor, saveSummary } from '../negotiation/offers';
import { type SummaryView, summaryView } from '../negotiation/summary';
import { router, sessionProcedure } from '../trpc/init';

export const negotiationRouter = router({
  /** A creditor's contracts with the user, for the contract-details modal. */
  contracts: sessionProcedure
    .meta({ sideEffects: true })
    .input(contractsInput)
    .query(({ ctx, input }) => contractsOf(ctx, input.codcredor)),

  /** What /negociacao and /propostas show for a contract. */
  offers: sessionProcedure
    .meta({ sideEffects: true })
    .input(offersInput)
    .query(({ ctx, input }) => offersFor(ctx, input)),

  /** Keeps the agreement summary in the session. */
  saveSummary: sessionProcedure.input(saveSummaryInput).mutation(({ ctx, input }) => saveSummary(ctx, input)),

  /** The summary /resumo shows; null sends the user to /minha-conta. */
  summary: sessionProcedure.query(async ({ ctx }): Promise<SummaryView | null> => {
    const summary = await ctx.services.sessions.read(ctx.session, 'summary');
    return summary ? summaryView(summary) : null;
  }),
});
