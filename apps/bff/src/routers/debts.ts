import type { Creditor } from '@portal/contracts/entities';
import { router, sessionProcedure } from '../trpc/init';

export interface CreditorCard {
  codigo: string;
  nome: string;
  /** served by the BFF from the upstream, so the page loads images only from its own origin */
  logoUrl: string | null;
  sequencial: boolean;
}

const LOGO_FILE = /^[A-Za-z0-9._-]+\.(svg|png|jpe?g|webp)$/;

export function logoPath(logomarca: string): string | null {
  let file: string | undefined;
  try {
    file = new URL(logomarca, 'http://upstream.invalid').pathname.split('/').pop();
  } catch {
    return null;
  }
  return file && LOGO_FILE.test(file) ? `/api/logos/${file}` : null;
}

const toCard = (c: Creditor): CreditorCard => ({
  codigo: c.agrupador,
  nome: c.nomcontratante,
  logoUrl: logoPath(c.logomarca),
  sequencial: c.parcelasIndividuaisSequenciais,
});

export const debtsRouter = router({
  /** The partner creditors holding the user's contracts (proxy channel `consultaDebito`). */
  creditors: sessionProcedure.query(async ({ ctx }): Promise<CreditorCard[]> => {
    const { cpfCnpj, token } = ctx.session.data;
    const data = await ctx.services.proxy.call('consultaDebito', { cpfcnpj: cpfCnpj, token });
    // The negotiation pages need each creditor's payment types and flags: kept, not asked again.
    await ctx.services.sessions.write(ctx.session, 'creditors', data.credor);
    return data.credor.map(toCard);
  }),
});
