import { firstFound } from '../keys/keyring';
import type { SignedIn } from '../trpc/context';
import type { ConcludedAgreement } from './types';

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
export const ownerOf = (ctx: SignedIn) => ctx.services.keys.sign('agreement-owner', ctx.session.data.cpfCnpj);

/** Whether a kept owner is the signed-in person, under whichever configured key it was written. */
export const isOwner = (ctx: SignedIn, owner: string) =>
  ctx.services.keys.verify('agreement-owner', ctx.session.data.cpfCnpj, owner);

/** Every form the person's records may be kept under: each configured key's, newest first. */
export const ownerForms = (ctx: SignedIn) =>
  ctx.services.keys.candidates('agreement-owner', ctx.session.data.cpfCnpj);

const keyOf = (owner: string, codcredor: string, contrato: string) =>
  `agreement-made:${owner}:${codcredor}:${contrato}`;

/** Kept after the upstream made the agreement: a failure here loses the record, never the agreement. */
export async function rememberMade(ctx: SignedIn, codcredor: string, contrato: string, made: MadeAgreement) {
  await ctx.services.store
    .set(keyOf(ownerOf(ctx), codcredor, contrato), made, MADE_TTL_MS)
    .catch(() => ctx.req.log.warn('agreement made but its type and mode were not kept'));
}

/**
 * The type and mode of the agreement on a contract, as the portal made it or as its instalments suggest.
 * A record found under an older key is written again under the newest (the old copy expires on its own), so
 * that the older key can be dropped once the records nobody reads since have expired.
 */
export async function madeOn(
  ctx: SignedIn,
  codcredor: string,
  contrato: string,
  instalments: number,
): Promise<MadeAgreement> {
  const forms = ownerForms(ctx);
  const found = await firstFound(forms, (owner) =>
    ctx.services.store.get<MadeAgreement>(keyOf(owner, codcredor, contrato)),
  );
  if (found && found.form !== forms[0]) await rememberMade(ctx, codcredor, contrato, found.value);
  return found?.value ?? { tipoAcordo: instalments > 1 ? 'AP' : 'AV', modo: '1' };
}
