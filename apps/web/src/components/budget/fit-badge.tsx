import { type Fit, fitOf } from '@portal/validation/budget';
import { trpc } from '../../lib/api/trpc';
import './fit-badge.css';

const FIT_LABEL: Record<Fit, string> = { cabe: 'Cabe', aperta: 'Aperta', 'nao-cabe': 'Não cabe' };

/**
 * 'Cabe no meu bolso?': whether an offer's heaviest month (monthlyCostOf) fits what the session's budget
 * leaves free, in words (never colour only); nothing without a budget.
 */
export function FitBadge({ cents, livreCents }: { cents: number; livreCents: number | null }) {
  if (livreCents === null) return null;
  const fit = fitOf(cents, livreCents);
  return <span className={`fit-badge fit-badge--${fit}`}>{FIT_LABEL[fit]}</span>;
}

/** What the session's budget leaves free each month, in cents; null without a budget (or until it is read). */
export function useFreeCents(): number | null {
  const budget = trpc.budget.get.useQuery(undefined, { staleTime: 60_000 });
  return budget.data?.livreCents ?? null;
}
