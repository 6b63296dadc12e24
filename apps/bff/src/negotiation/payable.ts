import { defaultPaymentDate, formatBrDate, paymentDateOptions } from '@portal/validation/dates';
import type { ProposalView } from '../core/records';
import type { Ports } from '../ports/ports';
import type { contractScope } from './creditors';
import { toProposalView } from './views';

/** What a contract's proposals are asked with: the contract's scope, and `vencimento` (dd/mm/yyyy) when given. */
type ProposalScope = ReturnType<typeof contractScope> & { vencimento?: string };

/**
 * The day an offer can be paid on: its own when that is a payment date on offer (business days from
 * tomorrow to its dataMaxVencimento, packages/validation's paymentDateOptions), else the day asked for
 * when that one is, else the first one on offer; undefined when none is. The payment modal opens on the
 * same day (defaultPaymentDate over the same options).
 */
export function payableDate(
  today: string,
  offer: Pick<ProposalView, 'vencimento' | 'dataMaxVencimento'>,
  asked?: string,
): string | undefined {
  const options = paymentDateOptions({ today, maxDueDate: offer.dataMaxVencimento });
  return options.includes(offer.vencimento) ? offer.vencimento : defaultPaymentDate(options, asked);
}

/** The same offer (type, set and plan) among proposals valued for another day. */
function sameOffer(proposals: readonly ProposalView[], like: ProposalView): ProposalView | undefined {
  return proposals.find(
    (p) =>
      p.tipo === like.tipo &&
      p.parcelasFuturas === like.parcelasFuturas &&
      p.quantidadeParcelas === like.quantidadeParcelas,
  );
}

/**
 * A contract's proposals (`consultaProposta`), every one dated on a day it can be paid and priced for
 * that day. An upstream may date them on a weekend or a holiday, which `gerarBoleto` refuses
 * (docs/upstream-api.md): such a proposal is asked again for its payable day (payableDate), and the same
 * offer valued for that day takes its place, AV and AP alike. An offer the upstream does not value for
 * that day, or one with no day to be paid on, is left out: it could not be agreed as shown.
 */
export async function payableProposals(
  ports: Pick<Ports, 'proxy'>,
  scope: ProposalScope,
  today: string,
  asked?: string,
): Promise<ProposalView[]> {
  const first = (await ports.proxy.call('consultaProposta', scope)).propostas.map(toProposalView);
  const dated = first.map((offer) => ({ offer, day: payableDate(today, offer, asked) }));
  if (dated.every(({ offer, day }) => day === offer.vencimento)) return first;

  const moves = new Set<string>();
  for (const { offer, day } of dated) if (day !== undefined && day !== offer.vencimento) moves.add(day);
  const again = new Map(
    await Promise.all(
      [...moves].map(async (day) => {
        const reply = await ports.proxy.call('consultaProposta', { ...scope, vencimento: formatBrDate(day) });
        return [day, reply.propostas.map(toProposalView)] as const;
      }),
    ),
  );
  const payable = dated.flatMap(({ offer, day }) => {
    if (day === offer.vencimento) return [offer];
    const valued = day === undefined ? undefined : sameOffer(again.get(day) ?? [], offer);
    return valued && valued.vencimento === day ? [valued] : [];
  });
  // Two offers moved to the same day may meet the same one there: it is listed once.
  return payable.filter((p, index) => payable.findIndex((q) => q.id === p.id) === index);
}
