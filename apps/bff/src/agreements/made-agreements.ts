import { recordActivity } from '../activity/activity';
import { ownerForms, ownerOf } from '../activity/owner';
import type { MadeAgreement, Summary } from '../core/records';
import type { Person } from '../core/session';
import { firstFound } from '../keys/keyring';
import type { Ports } from '../ports/ports';

// What the portal made on a contract that `consultaAcordo` does not tell: the agreement's type and mode. A
// re-issue says what the creation said; an agreement made elsewhere is taken as a proposal (modo '1'), AP
// when it has more than one instalment. The records live in the database (db/records.ts says how long).

/** What the records of made agreements reach: the keys of the owner's pseudonym, the database, the log. */
type MadePorts = Pick<Ports, 'keys' | 'db' | 'store' | 'log'>;

/** Where the session store kept these records before the database did: read once, then moved. */
const legacyKeyOf = (owner: string, codcredor: string, contrato: string) =>
  `agreement-made:${owner}:${codcredor}:${contrato}`;

/**
 * Kept after the upstream made the agreement, with a line of the account's activity: a failure here loses
 * the record, never the agreement.
 */
export async function rememberMade(
  ports: MadePorts,
  person: Person,
  made: Pick<Summary, 'credor' | 'contrato' | 'contratoExibido' | 'tipoAcordo' | 'modo'>,
  at = new Date(),
) {
  const on = { codcredor: made.credor.codcredor, contrato: made.contrato };
  await ports.db
    .rememberAgreement(ownerOf(ports, person), on, { tipoAcordo: made.tipoAcordo, modo: made.modo }, at)
    .catch(() => ports.log.warn({}, 'agreement made but its type and mode were not kept'));
  await recordActivity(
    ports,
    person,
    { kind: 'acordo-feito', credor: made.credor.nome, contrato: made.contratoExibido },
    at,
  );
}

/**
 * The type and mode of the agreement on a contract, as the portal made it or as its instalments suggest.
 * A record found under an older key is written again under the newest, so that the older key can be
 * dropped once the records nobody reads since have expired.
 */
export async function madeOn(
  ports: MadePorts,
  person: Person,
  codcredor: string,
  contrato: string,
  instalments: number,
): Promise<MadeAgreement> {
  const forms = ownerForms(ports, person);
  const on = { codcredor, contrato };
  const found =
    (await ports.db.agreement(forms, on)) ??
    (await firstFound(forms, (owner) =>
      ports.store.get<MadeAgreement>(legacyKeyOf(owner, codcredor, contrato)),
    ).then((legacy) => legacy && { owner: legacy.form, made: legacy.value }));
  if (found && (found.owner !== forms[0] || !(await ports.db.agreement([found.owner], on)))) {
    await ports.db
      .rememberAgreement(ownerOf(ports, person), on, found.made, new Date())
      .catch(() => ports.log.warn({}, 'an agreement record was not moved to the newest key'));
  }
  return found?.made ?? { tipoAcordo: instalments > 1 ? 'AP' : 'AV', modo: '1' };
}
