/**
 * 'Cabe no meu bolso?': what is free each month for debts, keeping the mínimo existencial, and whether an
 * instalment fits in it. Cents throughout. The mínimo existencial is the BFF's configuration (R$ 600 by
 * Decreto 11.567/2023), passed in: the STF has not finished judging it.
 */

/** A person's month, as the budget step asks it. */
interface MonthlyBudget {
  /** net monthly income */
  rendaCents: number;
  /** essential expenses: housing, food, transport, health, education, bills */
  despesasCents: number;
  /** instalments already paid each month (other loans, cards, agreements) */
  outrasParcelasCents: number;
}

/**
 * What is free each month for a new agreement: the income less the instalments already paid and less the
 * essential expenses, which never count as less than the mínimo existencial (the part of the income the
 * law keeps from any debt). Never below zero.
 */
export function monthlyCapacity(budget: MonthlyBudget, minimoExistencialCents: number): number {
  const kept = Math.max(budget.despesasCents, minimoExistencialCents);
  return Math.max(0, budget.rendaCents - budget.outrasParcelasCents - kept);
}

/** Whether an instalment fits: 'cabe' within 70 % of what is free, 'aperta' up to all of it, else 'não cabe'. */
export type Fit = 'cabe' | 'aperta' | 'nao-cabe';

/** The share of what is free an instalment may take and still 'cabe'. */
const COMFORTABLE_SHARE = 0.7;

export function fitOf(instalmentCents: number, capacityCents: number): Fit {
  if (instalmentCents <= Math.floor(capacityCents * COMFORTABLE_SHARE)) return 'cabe';
  if (instalmentCents <= capacityCents) return 'aperta';
  return 'nao-cabe';
}

/** An offer as its heaviest month asks it. */
interface OfferMonth {
  tipo: 'AV' | 'AP';
  /** what an upfront offer charges */
  valorPagoCents: number;
  entradaCents: number;
  parcelaCents: number;
}

/**
 * What an offer takes from one month, the month that asks most: all of it when paid upfront ('AV'); the
 * entry or an instalment, the larger, when paid in instalments ('AP'). This is what `fitOf` weighs.
 */
export function monthlyCostOf(offer: OfferMonth): number {
  return offer.tipo === 'AV' ? offer.valorPagoCents : Math.max(offer.entradaCents, offer.parcelaCents);
}
