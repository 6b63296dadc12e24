import type { Person } from '../core/session';
import type { CreditorPorts } from '../negotiation/creditors';
import { knownContracts, listedContract, offersFor, withDates } from '../negotiation/offers';
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
    Pick<Ports, 'activation' | 'device' | 'reminders' | 'push' | 'keys' | 'upstream' | 'config' | 'store'>,
  person: Person,
  codcredor: string,
) {
  const known = await knownContracts(ports, person, codcredor);
  // with one contract, its dates come with the next page's data
  if (known.length !== 1 || !known[0]) {
    return {
      contratos: (await withDates(ports, person, codcredor, known)).map(listedContract),
      seguinte: null,
    };
  }
  const only = known[0];
  const view = listedContract(only);
  const { contrato } = view;
  if (view.destino === 'acordos') {
    const acordo = await agreementInProgress(ports, person, { codcredor, contrato }).catch(() => null);
    return { contratos: [view], seguinte: acordo && { pagina: 'acordos' as const, acordo } };
  }
  const pedido = { codcredor, contrato, propostas: view.chamarProposta, dividas: view.chamarDivida };
  const ofertas = await offersFor(ports, person, pedido, only).catch(() => null);
  // the standing its offers read (a prescribed debt is known from their dates)
  return {
    contratos: [ofertas ? { ...view, estado: ofertas.estado } : view],
    seguinte: ofertas && { pagina: 'negociacao' as const, pedido, ofertas },
  };
}
