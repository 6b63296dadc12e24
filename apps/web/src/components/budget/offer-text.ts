import { formatMoney } from '@portal/validation/money';
import type { ProposalView } from '../../lib/api/trpc';

type OfferTerms = Pick<
  ProposalView,
  'tipo' | 'valorPagoCents' | 'entradaCents' | 'quantidadeParcelas' | 'parcelaCents'
>;

/** An offer in one line: 'À vista R$ 1.234,56', 'Entrada de R$ 200,00 + 5 × R$ 150,00' or '6 × R$ 150,00'. */
export function offerText(offer: OfferTerms): string {
  if (offer.tipo === 'AV') return `À vista ${formatMoney(offer.valorPagoCents)}`;
  const plan = `${offer.quantidadeParcelas} × ${formatMoney(offer.parcelaCents)}`;
  return offer.entradaCents > 0 ? `Entrada de ${formatMoney(offer.entradaCents)} + ${plan}` : plan;
}
