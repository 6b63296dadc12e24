import type { OffersRecord } from '../core/records';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';

/** Contracts whose last offers a session keeps at once: a person may have a tab open on each. */
const SEEN_CONTRACTS_MAX = 5;

type SessionPorts = Pick<Ports, 'sessions'>;

const sameContract = (a: OffersRecord, codcredor: string, contrato: string) =>
  a.codcredor === codcredor && a.contrato === contrato;

/** The slot as kept: a list, or the one record a session written before there was a list. */
async function seenList(ports: SessionPorts, person: Person): Promise<OffersRecord[]> {
  const kept: OffersRecord[] | OffersRecord | undefined = await ports.sessions.read(person, 'offers');
  return Array.isArray(kept) ? kept : kept ? [kept] : [];
}

/**
 * The offers this session last saw for the contract: each contract keeps its own, so /negociacao open on
 * two contracts in two tabs never answers one with 'proposta não está mais disponível' for the other.
 */
export async function seenOffers(
  ports: SessionPorts,
  person: Person,
  codcredor: string,
  contrato: string,
): Promise<OffersRecord | undefined> {
  return (await seenList(ports, person)).find((o) => sameContract(o, codcredor, contrato));
}

/** Keeps `record` as its contract's offers seen, with the last ones of up to four other contracts. */
export async function keepSeenOffers(
  ports: SessionPorts,
  person: Person,
  record: OffersRecord,
): Promise<void> {
  const others = (await seenList(ports, person)).filter(
    (o) => !sameContract(o, record.codcredor, record.contrato),
  );
  await ports.sessions.write(person, 'offers', [record, ...others].slice(0, SEEN_CONTRACTS_MAX));
}
