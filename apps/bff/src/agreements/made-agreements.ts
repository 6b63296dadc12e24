import type { ConcludedAgreement } from '../core/records';
import type { Person } from '../core/session';
import { firstFound } from '../keys/keyring';
import type { Ports } from '../ports/ports';

/**
 * What the portal made on a contract that `consultaAcordo` does not tell: the agreement's type and mode.
 * A re-issue says what the creation said; an agreement made elsewhere is taken as a proposal (modo '1'),
 * AP when it has more than one instalment.
 */
type MadeAgreement = Pick<ConcludedAgreement, 'tipoAcordo' | 'modo'>;

// An agreement runs for months: its record outlives sessions, in the store every instance shares.
const MADE_TTL_MS = 400 * 24 * 60 * 60 * 1000;

/**
 * The person's pseudonym in agreement records and intents, keyed with the newest key (its id in front): an
 * HMAC of the document, never the document itself.
 */
export const ownerOf = (ports: Pick<Ports, 'keys'>, person: Person) =>
  ports.keys.sign('agreement-owner', person.data.cpfCnpj);

/** Whether a kept owner is the signed-in person, under whichever configured key it was written. */
export const isOwner = (ports: Pick<Ports, 'keys'>, person: Person, owner: string) =>
  ports.keys.verify('agreement-owner', person.data.cpfCnpj, owner);

/** Every form the person's records may be kept under: each configured key's, newest first. */
export const ownerForms = (ports: Pick<Ports, 'keys'>, person: Person) =>
  ports.keys.candidates('agreement-owner', person.data.cpfCnpj);

/** What the records of made agreements reach: the keys of the owner's pseudonym, the store, the log. */
type MadePorts = Pick<Ports, 'keys' | 'store' | 'log'>;

const keyOf = (owner: string, codcredor: string, contrato: string) =>
  `agreement-made:${owner}:${codcredor}:${contrato}`;

/** Kept after the upstream made the agreement: a failure here loses the record, never the agreement. */
export async function rememberMade(
  ports: MadePorts,
  person: Person,
  codcredor: string,
  contrato: string,
  made: MadeAgreement,
) {
  await ports.store
    .set(keyOf(ownerOf(ports, person), codcredor, contrato), made, MADE_TTL_MS)
    .catch(() => ports.log.warn({}, 'agreement made but its type and mode were not kept'));
}

/**
 * The type and mode of the agreement on a contract, as the portal made it or as its instalments suggest.
 * A record found under an older key is written again under the newest (the old copy expires on its own), so
 * that the older key can be dropped once the records nobody reads since have expired.
 */
export async function madeOn(
  ports: MadePorts,
  person: Person,
  codcredor: string,
  contrato: string,
  instalments: number,
): Promise<MadeAgreement> {
  const forms = ownerForms(ports, person);
  const found = await firstFound(forms, (owner) =>
    ports.store.get<MadeAgreement>(keyOf(owner, codcredor, contrato)),
  );
  if (found && found.form !== forms[0]) await rememberMade(ports, person, codcredor, contrato, found.value);
  return found?.value ?? { tipoAcordo: instalments > 1 ? 'AP' : 'AV', modo: '1' };
}
