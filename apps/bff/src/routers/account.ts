import {
  changePasswordInput,
  deleteAccountInput,
  notificationsInput,
  profileUpdateInput,
  ratingInput,
} from '@portal/contracts/procedures/account';
import { recoverySendInput, resetPasswordInput } from '@portal/contracts/procedures/recovery';
import { checkContactsInput, registrationInput } from '@portal/contracts/procedures/registration';
import {
  changePassword,
  deleteAccount,
  disownActivity,
  profileOf,
  rate,
  scoreOf,
  setNotifications,
  updateProfile,
} from '../account/profile';
import { resetPassword, sendRecovery } from '../account/recovery';
import { contactConflicts, register } from '../account/registration';
import { accountActivity } from '../activity/activity';
import { publicProcedure, router, sessionProcedure } from '../trpc/init';

export const accountRouter = router({
  /** 'Meus dados' and Notificações: the profile on file. */
  profile: sessionProcedure.query(({ ctx }) => profileOf(ctx.ports, ctx.person)),

  /** PUT edicao; a new e-mail or phone needs a recent sign-in or the password; the header's name follows. */
  updateProfile: sessionProcedure
    .input(profileUpdateInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.ports, ctx.person, input)),

  /** /mais-opcoes/nova-senha (recuperar-senha-privado): nothing is sent on a mismatch. */
  changePassword: sessionProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx.ports, ctx.person, input)),

  /** 'Atividade da conta': the person's own sign-ins and changes of the last 90 days, newest first. */
  activity: sessionProcedure.query(({ ctx }) => accountActivity(ctx.ports, ctx.person)),

  /** 'Não reconheço esta atividade': every other session ends, this one gets a new id; then the password. */
  disownActivity: sessionProcedure.mutation(async ({ ctx }) => {
    await disownActivity(ctx.ports, ctx.person);
    return { ok: true as const };
  }),

  /** 'Sim' in the delete-confirmation modal: the registration goes upstream, then this session. */
  deleteAccount: sessionProcedure
    .input(deleteAccountInput)
    .mutation(({ ctx, input }) => deleteAccount(ctx.ports, ctx.person, input)),

  /** The credit score on /minha-conta (people only); null when there is none to show. */
  score: sessionProcedure.meta({ sideEffects: true }).query(({ ctx }) => scoreOf(ctx.ports, ctx.person)),

  /** Notificações: the marketing consent given at registration, free to revoke (LGPD). */
  setNotifications: sessionProcedure
    .input(notificationsInput)
    .mutation(({ ctx, input }) => setNotifications(ctx.ports, ctx.person, input.notificacao)),

  /** The rating modal (a score of 0 to 10 and a comment). */
  rate: sessionProcedure.input(ratingInput).mutation(({ ctx, input }) => rate(ctx.ports, ctx.person, input)),
});

/** The browser's `recovery.*`: the password forgotten, before any session. */
export const recoveryRouter = router({
  /** Sends a temporary password and a reset link. */
  send: publicProcedure
    .input(recoverySendInput)
    .mutation(({ ctx, input }) => sendRecovery(ctx.ports, input.cpfCnpj)),

  /** /nova-senha-pb: a new password, identified by the reset link's id and code. */
  reset: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword(ctx.ports, input)),
});

/** The browser's `registration.*`: a new account, then its automatic sign-in. */
export const registrationRouter = router({
  /** 'Validando e-mail e telefone': both must be unused before the terms step. */
  checkContacts: publicProcedure
    .input(checkContactsInput)
    .mutation(({ ctx, input }) => contactConflicts(ctx.ports, input)),

  /** Registration, then the automatic sign-in. */
  register: publicProcedure.input(registrationInput).mutation(({ ctx, input }) => register(ctx.ports, input)),
});
