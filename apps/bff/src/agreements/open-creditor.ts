import type { Person } from '../core/session';
import type { CreditorPorts } from '../negotiation/creditors';
import { contractsOf, offersFor } from '../negotiation/offers';
import type { Ports } from '../ports/ports';
import { agreementInProgress } from './in-progress';

/**
 * The tap on a creditor card, in one round trip: the creditor's contracts and, when there is only one
 * (the journey goes straight on), what the page it leads to shows: /negociacao's offers, asked as that
 * page asks them, or /acordos' agreement. Here, above both domains, because it reaches both. When that
 * page's data fails it is left out: the page asks itself, and shows the failure.
 */
export async function openCreditor(
  ports: CreditorPorts &
    Pick<Ports, 'activation' | 'device' | 'reminders' | 'push' | 'keys' | 'upstream' | 'config'>,
  person: Person,
  codcredor: string,
) {
  const contratos = await contractsOf(ports, person, codcredor);
  const only = contratos.length === 1 ? contratos[0] : undefined;
  if (!only) return { contratos, seguinte: null };
  const { contrato } = only;
  if (only.destino === 'acordos') {
    const acordo = await agreementInProgress(ports, person, { codcredor, contrato }).catch(() => null);
    return { contratos, seguinte: acordo && { pagina: 'acordos' as const, acordo } };
  }
  const pedido = { codcredor, contrato, propostas: only.chamarProposta, dividas: only.chamarDivida };
  const ofertas = await offersFor(ports, person, pedido).catch(() => null);
  return { contratos, seguinte: ofertas && { pagina: 'negociacao' as const, pedido, ofertas } };
}
