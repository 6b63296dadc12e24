import { recoverySendInput, resetPasswordInput } from '@portal/contracts/procedures/recovery';
import { resetPassword, sendRecovery } from '../account/recovery';
import { publicProcedure, router } from '../trpc/init';

export const recoveryRouter = router({
  /** Sends a temporary password and a reset link. */
  send: publicProcedure
    .input(recoverySendInput)
    .mutation(({ ctx, input }) => sendRecovery(ctx, input.cpfCnpj)),

  /** /nova-senha-pb: a new password, identified by the reset link's id and code. */
  reset: publicProcedure.input(resetPasswordInput).mutation(({ ctx, input }) => resetPassword(ctx, input)),
});
