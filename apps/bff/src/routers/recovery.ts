import { recoverySendInput, resetPasswordInput } from '@portal/contracts/procedures/recovery';
import { sendRecovery } from '../account/recovery';
import { publicProcedure, router } from '../trpc/init';

export const recoveryRouter = router({
  /** Sends a temporary password and a reset link. */
  send: publicProcedure
    .input(recoverySendInput)
    .mutation(({ ctx, input }) => sendRecovery(ctx, input.cpfCnpj)),

  /** /nova-senha-pb: a new password, identified by the reset link's id and code. */
  reset: publicProcedure.input(resetPasswordInput).mutation(async ({ ctx, input }) => {
    await ctx.services.upstream.resetPassword({
      id: input.id,
      codigo: input.codigo,
      novaSenha: input.novaSenha,
    });
    return { ok: true as const };
  }),
});
