import {
  changePasswordInput,
  deleteAccountInput,
  notificationsInput,
  profileUpdateInput,
  ratingInput,
} from '@portal/contracts/procedures/account';
import { isCompanyDocument } from '@portal/validation/document';
import { changePassword, deleteAccount, scoreOf, updateProfile } from '../account/profile';
import { router, sessionProcedure } from '../trpc/init';

export const accountRouter = router({
  /** 'Meus dados' and Notificações: the profile on file. */
  profile: sessionProcedure.query(async ({ ctx }) => {
    const { cpfCnpj, ...profile } = await ctx.services.upstream.profile(ctx.session.data.token);
    return { ...profile, empresa: isCompanyDocument(cpfCnpj) };
  }),

  /** PUT edicao; a new e-mail or phone needs a recent sign-in or the password; the header's name follows. */
  updateProfile: sessionProcedure
    .input(profileUpdateInput)
    .mutation(({ ctx, input }) => updateProfile(ctx, input)),

  /** /mais-opcoes/nova-senha (recuperar-senha-privado): nothing is sent on a mismatch. */
  changePassword: sessionProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),

  /** 'Sim' in the delete-confirmation modal: the registration goes upstream, then this session. */
  deleteAccount: sessionProcedure
    .input(deleteAccountInput)
    .mutation(({ ctx, input }) => deleteAccount(ctx, input)),

  /** The credit score on /minha-conta (people only); null when there is none to show. */
  score: sessionProcedure.meta({ sideEffects: true }).query(({ ctx }) => scoreOf(ctx)),

  /** Notificações: the marketing consent given at registration, free to revoke (LGPD). */
  setNotifications: sessionProcedure
    .input(notificationsInput)
    .mutation(async ({ ctx, input }) =>
      ctx.services.upstream.setNotifications(ctx.session.data.token, input.notificacao),
    ),

  /** The rating modal (a score of 0 to 10 and a comment). */
  rate: sessionProcedure.input(ratingInput).mutation(async ({ ctx, input }) => {
    const comentario = input.comentario?.trim();
    await ctx.services.upstream.rate(ctx.session.data.token, {
      nota: input.nota,
      ...(comentario ? { comentario } : {}),
    });
    return { ok: true as const };
  }),
});
