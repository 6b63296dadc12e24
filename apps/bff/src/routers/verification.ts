import { verifyCodeInput } from '@portal/contracts/procedures/verification';
import { publicProcedure, router } from '../trpc/init';
import { verifyCode } from '../verification/verify';

export const verificationRouter = router({
  /**
   * 'Verificar boleto ou PIX': every field of a pasted code, checked against the partners' official channels
   * and, signed in, against the person's own agreements. A mutation, so the code never travels in a URL.
   */
  check: publicProcedure
    .input(verifyCodeInput)
    .mutation(({ ctx, input }) => verifyCode(ctx.ports, ctx.person, input.codigo)),
});
