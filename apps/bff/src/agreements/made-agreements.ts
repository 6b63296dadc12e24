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
 * A record found under an older key is written again under the newest with the day it was made (its
 * keeping time runs on), so that the older key can be dropped; the older row goes with the retention job or
 * the account's deletion, which erase every form. One the session store kept before the database is moved
 * the same way, dated at the move (the store never kept the day).
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
  const moveToNewest = (made: MadeAgreement, madeAt: Date) =>
    ports.db
      .rememberAgreement(ownerOf(ports, person), on, made, madeAt)
      .catch(() => ports.log.warn({}, 'an agreement record was not moved to the newest key'));
  const kept = await ports.db.agreement(forms, on);
  if (kept) {
    if (kept.owner !== forms[0]) await moveToNewest(kept.made, kept.madeAt);
    return kept.made;
  }
  const legacy = await firstFound(forms, (owner) =>
    ports.store.get<MadeAgreement>(legacyKeyOf(owner, codcredor, contrato)),
  );
  if (legacy) {
    await moveToNewest(legacy.value, new Date());
    return legacy.value;
  }
  return { tipoAcordo: instalments > 1 ? 'AP' : 'AV', modo: '1' };
}
