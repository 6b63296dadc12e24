import { RATING_COMMENT_MAX } from '@portal/contracts/upstream-account';
import { UFS } from '@portal/validation/address';
import { isValidBirthDate } from '@portal/validation/birth-date';
import { CEP_INVALID_MESSAGE, isValidCep } from '@portal/validation/cep';
import { todayInBrazil } from '@portal/validation/dates';
import { isCompanyDocument } from '@portal/validation/document';
import { EMAIL_INVALID_MESSAGE, isValidEmail, normalizeEmail } from '@portal/validation/email';
import { digitsOnly } from '@portal/validation/mask';
import { isValidName, NAME_INVALID_MESSAGE } from '@portal/validation/names';
import {
  isAcceptablePassword,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_RULE_MESSAGE,
} from '@portal/validation/password';
import { isValidLandlineOrMobile, PHONE_INVALID_MESSAGE } from '@portal/validation/phone';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { router, sessionProcedure } from '../trpc/init';
import { MESSAGES } from '../trpc/to-trpc-error';
import { UpstreamError } from '../upstream/errors';

export const ACCOUNT_MESSAGES = {
  dateInvalid: 'Data inválida',
  contactRequired: 'Informe um e-mail ou um celular.',
  ratingInvalid: 'Escolha uma nota de 0 a 10.',
  commentTooLong: `O comentário pode ter até ${RATING_COMMENT_MAX} caracteres.`,
} as const;

const MINUTE = 60_000;
/** Wrong current passwords a session may try before it waits (the upstream checks each one). */
const PASSWORD_CHANGE_LIMIT = { max: 10, windowMs: 15 * MINUTE };

const text = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => s.trim());

const addressInput = z.object({
  cep: z.string().max(9).transform(digitsOnly).refine(isValidCep, CEP_INVALID_MESSAGE),
  endereco: text(200),
  numero: text(20),
  complemento: text(100),
  cidade: text(100),
  uf: z.union([z.literal(''), z.enum(UFS)]),
});

/** 'Meus dados' as the SPA sends it (spec §3 profile update); checked again here (spec §5). */
const profileInput = z
  .object({
    nome: z
      .string()
      .max(120)
      .transform((s) => s.trim().replace(/\s+/g, ' ')),
    dtNascimento: z.string().max(10),
    email: z
      .string()
      .max(254)
      .transform(normalizeEmail)
      .refine((email) => email === '' || isValidEmail(email), EMAIL_INVALID_MESSAGE),
    telefone: z
      .string()
      .max(20)
      .transform(digitsOnly)
      .refine((phone) => phone === '' || isValidLandlineOrMobile(phone), PHONE_INVALID_MESSAGE),
    whatsapp: z.boolean(),
    endereco: addressInput.optional(),
  })
  .refine((p) => p.email !== '' || p.telefone !== '', {
    message: ACCOUNT_MESSAGES.contactRequired,
    path: ['email'],
  });

const passwordInput = z
  .object({
    senha: z.string().min(1, PASSWORD_REQUIRED_MESSAGE).max(200),
    novaSenha: z.string().max(200).refine(isAcceptablePassword, PASSWORD_RULE_MESSAGE),
    confirmacao: z.string().max(200),
  })
  .refine((p) => p.novaSenha === p.confirmacao, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ['confirmacao'],
  });

const ratingInput = z.object({
  nota: z
    .number(ACCOUNT_MESSAGES.ratingInvalid)
    .int(ACCOUNT_MESSAGES.ratingInvalid)
    .min(0, ACCOUNT_MESSAGES.ratingInvalid)
    .max(10, ACCOUNT_MESSAGES.ratingInvalid),
  comentario: z.string().max(RATING_COMMENT_MAX, ACCOUNT_MESSAGES.commentTooLong).optional(),
});

export const accountRouter = router({
  /** 'Meus dados' and Notificações: the profile on file (spec §7 GET consulta). */
  profile: sessionProcedure.query(async ({ ctx }) => {
    const { cpfCnpj, ...profile } = await ctx.services.upstream.profile(ctx.session.data.token);
    return { ...profile, empresa: isCompanyDocument(cpfCnpj) };
  }),

  /** PUT edicao; the header's name follows the new one. */
  updateProfile: sessionProcedure.input(profileInput).mutation(async ({ ctx, input }) => {
    const company = isCompanyDocument(ctx.session.data.cpfCnpj);
    if (!isValidName(input.nome, company)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: NAME_INVALID_MESSAGE });
    }
    if (!isValidBirthDate(input.dtNascimento, todayInBrazil())) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.dateInvalid });
    }
    const saved = await ctx.services.upstream.updateProfile(ctx.session.data.token, {
      ...input,
      // A WhatsApp number needs a number.
      whatsapp: input.whatsapp && input.telefone !== '',
    });
    if (saved.nome !== ctx.session.data.nome) await ctx.services.sessions.rename(ctx.session, saved.nome);
    return { nome: saved.nome };
  }),

  /** /mais-opcoes/nova-senha (spec §7 recuperar-senha-privado): nothing is sent on a mismatch. */
  changePassword: sessionProcedure.input(passwordInput).mutation(async ({ ctx, input }) => {
    const allowed = await ctx.services.limiter.hit(
      'password-change',
      ctx.session.data.clientId,
      PASSWORD_CHANGE_LIMIT,
    );
    if (!allowed) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyAttempts });
    const { mensagem } = await ctx.services.upstream.changePassword(ctx.session.data.token, {
      senha: input.senha,
      novaSenha: input.novaSenha,
    });
    return { message: mensagem };
  }),

  /** 'Sim' in the delete-confirmation modal: the registration goes upstream, then this session. */
  deleteAccount: sessionProcedure.mutation(async ({ ctx }) => {
    await ctx.services.upstream.deleteAccount(ctx.session.data.token);
    await ctx.services.sessions.end(ctx.req, ctx.res);
    return { ok: true as const };
  }),

  /**
   * The credit score on /minha-conta, for people only (spec §2: 11-digit documents). A failure is only
   * recorded (spec §8): the SPA then shows no score.
   */
  score: sessionProcedure.query(async ({ ctx }) => {
    const { cpfCnpj, token } = ctx.session.data;
    if (!/^\d{11}$/.test(cpfCnpj)) return null;
    try {
      return await ctx.services.upstream.score(token, cpfCnpj);
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'token-expired') throw error;
      ctx.req.log.warn({ err: error }, 'score: the lookup failed');
      return null;
    }
  }),

  /** Notificações: the marketing consent given at registration, free to revoke (LGPD). */
  setNotifications: sessionProcedure
    .input(z.object({ notificacao: z.boolean() }))
    .mutation(async ({ ctx, input }) =>
      ctx.services.upstream.setNotifications(ctx.session.data.token, input.notificacao),
    ),

  /** The rating modal (spec §3: nota 0–10, comentario up to 500 characters). */
  rate: sessionProcedure.input(ratingInput).mutation(async ({ ctx, input }) => {
    const comentario = input.comentario?.trim();
    await ctx.services.upstream.rate(ctx.session.data.token, {
      nota: input.nota,
      ...(comentario ? { comentario } : {}),
    });
    return { ok: true as const };
  }),
});
