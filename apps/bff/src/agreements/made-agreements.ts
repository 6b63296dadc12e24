import type { SignedIn } from '../trpc/context';
import type { ConcludedAgreement } from './types';

/**
 * What the portal made on a contract that `consultaAcordo` does not tell: the agreement's type and mode.
 * A re-issue says what the creation said; an agreement made elsewhere is taken as a proposal (modo '1'),
 * AP when it has more than one instalment.
 */
export type MadeAgreement = Pick<ConcludedAgreement, 'tipoAcordo' | 'modo'>;

// An agreement runs for months: its record outlives sessions, in the store every instance shares.
const MADE_TTL_MS = 400 * 24 * 60 * 60 * 1000;

/** The person's pseudonym in agreement records: an HMAC of the document, never the document itself. */
export const ownerOf = (ctx: SignedIn) => ctx.services.pseudonym('agreement-owner', ctx.session.data.cpfCnpj);

const keyOf = (ctx: SignedIn, codcredor: string, contrato: string) =>
  `agreement-made:${ownerOf(ctx)}:${codcredor}:${contrato}`;

/** Kept after the upstream made the agreement: a failure here loses the record, never the agreement. */
export async function rememberMade(ctx: SignedIn, codcredor: string, contrato: string, made: MadeAgreement) {
  await ctx.services.store
    .set(keyOf(ctx, codcredor, contrato), made, MADE_TTL_MS)
    .catch(() => ctx.req.log.warn('agreement made but its type and mode were not kept'));
}

/** The type and mode of the agreement on a contract, as the portal made it or as its instalments suggest. */
export async function madeOn(
  ctx: SignedIn,
  codcredor: string,
  contrato: string,
  instalments: number,
): Promise<MadeAgreement> {
  const made = await ctx.services.store.get<MadeAgreement>(keyOf(ctx, codcredor, contrato));
  return made ?? { tipoAcordo: instalments > 1 ? 'AP' : 'AV', modo: '1' };
}
