import { type Fit, fitOf, monthlyCostOf } from '@portal/validation/budget';
import type { Summary } from '../core/records';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';
import { capacityOf } from './budget';
import { seenOffers } from './seen-offers';

type FitPorts = Pick<Ports, 'sessions' | 'config'>;

/** The heaviest month of the agreement a summary would make (see monthlyCostOf). */
const summaryMonthCents = ({ tipoAcordo, detalhes }: Summary) =>
  monthlyCostOf({
    tipo: tipoAcordo,
    valorPagoCents: detalhes.totalCents,
    entradaCents: detalhes.entradaCents ?? 0,
    parcelaCents: detalhes.demaisParcelas?.valorCents ?? 0,
  });

/**
 * 'Cabe no meu bolso?' on /resumo: whether the agreement about to be concluded fits the session's budget,
 * and, when it does not, the offers of the same contract the session was shown that would ('cabe' or
 * 'aperta'), lightest first. Null without a budget or a summary: nothing is said.
 */
export async function summaryFit(ports: FitPorts, person: Person) {
  const [budget, summary] = await Promise.all([
    ports.sessions.read(person, 'budget'),
    ports.sessions.read(person, 'summary'),
  ]);
  if (!budget || !summary) return null;
  const livreCents = capacityOf(ports.config, budget);
  const mensalCents = summaryMonthCents(summary);
  const ajuste: Fit = fitOf(mensalCents, livreCents);
  if (ajuste !== 'nao-cabe') return { livreCents, mensalCents, ajuste, cabem: [] };
  const offers = await seenOffers(ports, person, summary.credor.codcredor, summary.contrato);
  const cabem = Object.values(offers?.proposals ?? {})
    .map((p) => ({
      id: p.id,
      tipo: p.tipo,
      valorPagoCents: p.valorPagoCents,
      entradaCents: p.entradaCents,
      quantidadeParcelas: p.quantidadeParcelas,
      parcelaCents: p.parcelaCents,
      mensalCents: monthlyCostOf(p),
    }))
    .map((p) => ({ ...p, ajuste: fitOf(p.mensalCents, livreCents) }))
    .filter((p) => p.ajuste !== 'nao-cabe')
    .sort((a, b) => a.mensalCents - b.mensalCents);
  return { livreCents, mensalCents, ajuste, cabem };
}
