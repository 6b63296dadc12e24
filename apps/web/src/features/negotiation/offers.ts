import type { DebtView, ProposalView } from '../../lib/api/trpc';

/*
 * How /negociacao and /propostas read the proposals of a contract: the overdue-only set
 * (parcelasFuturas false) and the total-settlement set (true); the base proposal is the first of the
 * overdue set, else the first of the total set.
 */

interface OfferSets {
  /** '*Somente parcelas em atraso.' */
  overdue: ProposalView[];
  /** '*Proposta para quitação de todas as parcelas (parcelas em atraso + a vencer).' */
  total: ProposalView[];
  base: ProposalView | undefined;
}

export function splitOffers(proposals: readonly ProposalView[]): OfferSets {
  const overdue = proposals.filter((p) => !p.parcelasFuturas);
  const total = proposals.filter((p) => p.parcelasFuturas);
  return { overdue, total, base: overdue[0] ?? total[0] };
}

/**
 * Whether the contract has instalments still to fall due, which is when the overdue-only offers make
 * sense: a debt marked upcoming, or (when the debts were not asked for) an instalment a proposal
 * settles that falls due after today.
 */
export function hasUpcomingInstalments(
  debts: readonly DebtView[],
  proposals: readonly ProposalView[],
  today: string,
): boolean {
  return debts.some((d) => d.futura) || proposals.some((p) => p.prestacoes.some((i) => i.vencimento > today));
}

/** The upfront proposal /negociacao offers: the AV of the base proposal's set. */
export function upfrontOffer(proposals: readonly ProposalView[]): ProposalView | undefined {
  const { base } = splitOffers(proposals);
  if (!base) return undefined;
  return proposals.find((p) => p.tipo === 'AV' && p.parcelasFuturas === base.parcelasFuturas) ?? base;
}

/** 'Parcele em até: N vezes': the largest AP plan plus its entry. */
export function maxInstalments(proposals: readonly ProposalView[]): number {
  return Math.max(0, ...proposals.filter((p) => p.tipo === 'AP').map((p) => p.quantidadeParcelas)) + 1;
}

/** The red 'Parcelas em atraso' label when any instalment of the proposal is past due. */
export function hasPastDue(proposal: ProposalView, today: string): boolean {
  return proposal.prestacoes.some((p) => p.vencimento < today);
}

/** The same offer (type, set and plan) in a list valued for another date. */
export function sameOffer(proposals: readonly ProposalView[], like: ProposalView): ProposalView | undefined {
  return proposals.find(
    (p) =>
      p.tipo === like.tipo &&
      p.parcelasFuturas === like.parcelasFuturas &&
      p.quantidadeParcelas === like.quantidadeParcelas,
  );
}
