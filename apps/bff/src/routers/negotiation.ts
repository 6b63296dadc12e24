import { budgetInput, sameDayInput, sameDayReviewInput } from '@portal/contracts/procedures/budget';
import { contractsInput, offersInput, saveSummaryInput } from '@portal/contracts/procedures/negotiation';
import { openCreditor } from '../agreements/open-creditor';
import { allDebts } from '../negotiation/all-debts';
import { clearBudget, readBudget, saveBudget } from '../negotiation/budget';
import { creditorCards } from '../negotiation/creditor-cards';
import type { CreditorCard } from '../negotiation/creditors';
import { summaryFit } from '../negotiation/fit';
import { contractsOf, offersFor } from '../negotiation/offers';
import { listPartners } from '../negotiation/partners';
import { reviewSameDay, sameDayCart, sameDayOffers } from '../negotiation/same-day';
import { currentSummary, saveSummary } from '../negotiation/summary';
import { repaymentPlanPdf } from '../plan/plan-pdf';
import { publicProcedure, router, sessionProcedure } from '../trpc/init';

export const debtsRouter = router({
  /** The partner creditors holding the user's contracts. */
  creditors: sessionProcedure
    .meta({ sideEffects: true })
    .query(({ ctx }): Promise<CreditorCard[]> => creditorCards(ctx.ports, ctx.person)),

  /** 'Tudo no mesmo dia': every contract's offers valued again for one day of the month. */
  sameDay: sessionProcedure
    .meta({ sideEffects: true })
    .input(sameDayInput)
    .query(({ ctx, input }) => sameDayOffers(ctx.ports, ctx.person, input.dia)),

  /** 'Revisar acordos': the chosen offers of that day kept as one summary each, each with its own key. */
  sameDayReview: sessionProcedure
    .input(sameDayReviewInput)
    .mutation(({ ctx, input }) => reviewSameDay(ctx.ports, ctx.person, input)),

  /** The review the session keeps, for its page; null when there is none. */
  sameDayCart: sessionProcedure.query(({ ctx }) => sameDayCart(ctx.ports, ctx.person)),

  /** 'Plano de pagamento': the over-indebtedness plan as a PDF (base64), from the session's budget. */
  planPdf: sessionProcedure.mutation(({ ctx }) => repaymentPlanPdf(ctx.ports, ctx.person)),

  /** 'Todas as minhas dívidas': every contract of every creditor, read together. */
  all: sessionProcedure.meta({ sideEffects: true }).query(({ ctx }) => allDebts(ctx.ports, ctx.person)),
});

/** 'Cabe no meu bolso?': the budget, kept in the session only. */
export const budgetRouter = router({
  get: sessionProcedure.query(({ ctx }) => readBudget(ctx.ports, ctx.person)),
  save: sessionProcedure
    .input(budgetInput)
    .mutation(({ ctx, input }) => saveBudget(ctx.ports, ctx.person, input)),
  clear: sessionProcedure.mutation(({ ctx }) => clearBudget(ctx.ports, ctx.person)),
});

export const partnersRouter = router({
  /** The partner creditors of the home page, public. */
  list: publicProcedure.query(({ ctx }) => listPartners(ctx.ports)),
});

export const negotiationRouter = router({
  /** A creditor's contracts with the user, for the contract-details modal. */
  contracts: sessionProcedure
    .meta({ sideEffects: true })
    .input(contractsInput)
    .query(({ ctx, input }) => contractsOf(ctx.ports, ctx.person, input.codcredor)),

  /** The tap on a creditor card: its contracts and, with only one, the next page's data (one round trip). */
  open: sessionProcedure
    .meta({ sideEffects: true })
    .input(contractsInput)
    .query(({ ctx, input }) => openCreditor(ctx.ports, ctx.person, input.codcredor)),

  /** What /negociacao and /propostas show for a contract. */
  offers: sessionProcedure
    .meta({ sideEffects: true })
    .input(offersInput)
    .query(({ ctx, input }) => offersFor(ctx.ports, ctx.person, input)),

  /** Keeps the agreement summary in the session. */
  saveSummary: sessionProcedure
    .input(saveSummaryInput)
    .mutation(({ ctx, input }) => saveSummary(ctx.ports, ctx.person, input)),

  /** The summary /resumo shows; null sends the user to /minha-conta. */
  summary: sessionProcedure.query(({ ctx }) => currentSummary(ctx.ports, ctx.person)),

  /** Whether the summary's agreement fits the session's budget, and the offers that would; null without one. */
  summaryFit: sessionProcedure.query(({ ctx }) => summaryFit(ctx.ports, ctx.person)),
});
