import { trackViewInput } from '@portal/contracts/procedures/tracking';
import { trackView } from '../tracking/trail';
import { publicProcedure, router } from '../trpc/init';

export const trackingRouter = router({
  /** A screen view, always answered `{ ok: true }` at once: tracking never holds a page up. */
  view: publicProcedure.input(trackViewInput).mutation(({ ctx, input }) => {
    trackView(ctx.ports, ctx.person, input.page, input.codcredor);
    return { ok: true as const };
  }),
});
