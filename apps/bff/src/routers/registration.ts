import { checkContactsInput, registrationInput } from '@portal/contracts/procedures/registration';
import { contactConflicts, register } from '../account/registration';
import { publicProcedure, router } from '../trpc/init';

export const registrationRouter = router({
  /** 'Validando e-mail e telefone': both must be unused before the terms step. */
  checkContacts: publicProcedure
    .input(checkContactsInput)
    .mutation(({ ctx, input }) => contactConflicts(ctx, input)),

  /** Registration, then the automatic sign-in. */
  register: publicProcedure.input(registrationInput).mutation(({ ctx, input }) => register(ctx, input)),
});
