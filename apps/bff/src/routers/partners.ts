import { logoPath } from '../negotiation/creditors';
import { publicProcedure, router } from '../trpc/init';

interface Partner {
  nome: string;
  logoUrl: string | null;
}

export const partnersRouter = router({
  /** The partner creditors of the home page, public. */
  list: publicProcedure.query(async ({ ctx }): Promise<Partner[]> => {
    const partners = await ctx.services.upstream.partners();
    return partners.map((p) => ({ nome: p.nome, logoUrl: logoPath(p.logomarca) }));
  }),
});
