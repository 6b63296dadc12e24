import { isCompanyDocument } from '@portal/validation/document';
import { EMAIL_INVALID_MESSAGE, isValidEmail, normalizeEmail } from '@portal/validation/email';
import { isValidName, NAME_INVALID_MESSAGE } from '@portal/validation/names';
import { isValidPhone, normalizePhone, PHONE_INVALID_MESSAGE } from '@portal/validation/phone';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Context } from '../trpc/context';
import { publicProcedure, router } from '../trpc/init';
import { MESSAGES } from '../trpc/to-trpc-error';
import { documentInput, startSession } from './auth';

export const CONTACT_MESSAGES = {
  emailTaken: 'E-mail já cadastrado. Por favor, utilize outro e-mail',
  phoneTaken: 'Telefone já cadastrado. Por favor, utilize outro telefone',
} as const;

const email = z.string().max(254).transform(normalizeEmail).refine(isValidEmail, EMAIL_INVALID_MESSAGE);
const phone = z.string().max(20).transform(normalizePhone).refine(isValidPhone, PHONE_INVALID_MESSAGE);

export const registrationInput = z
  .object({
    cpfCnpj: documentInput,
    nome: z
      .string()
      .max(120)
      .transform((s) => s.trim().replace(/\s+/g, ' ')),
    email,
    telefone: phone,
    whatsapp: z.boolean(),
    /** the marketing consent exactly as the user ticked it */
    notificacao: z.boolean(),
  })
  .refine((r) => isValidName(r.nome, isCompanyDocument(r.cpfCnpj)), {
    message: NAME_INVALID_MESSAGE,
    path: ['nome'],
  });

async function limitByIp(ctx: Context) {
  const allowed = await ctx.services.limiter.hit('register-ip', ctx.req.ip, {
    max: ctx.services.config.RECOVERY_MAX_PER_IP,
    windowMs: 15 * 60_000,
  });
  if (!allowed) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyAttempts });
}

/** Which of the two contacts are already in use, as the spec's messages (null when free). */
async function contactConflicts(ctx: Context, input: { email: string; telefone: string }) {
  const counts = await ctx.services.upstream.contactCheck(input.email, input.telefone);
  return {
    email: counts.countEmail >= 1 ? CONTACT_MESSAGES.emailTaken : null,
    telefone: counts.countTelefone >= 1 ? CONTACT_MESSAGES.phoneTaken : null,
  };
}

export const registrationRouter = router({
  /** 'Validando e-mail e telefone': both must be unused before the terms step. */
  checkContacts: publicProcedure
    .input(z.object({ email, telefone: phone }))
    .mutation(async ({ ctx, input }) => {
      await limitByIp(ctx);
      return contactConflicts(ctx, input);
    }),

  /**
   * POST cadastro (the upstream refuses a taken document, e-mail or phone, in that order), then the
   * automatic sign-in with the password it generated; the password never reaches the browser.
   */
  register: publicProcedure.input(registrationInput).mutation(async ({ ctx, input }) => {
    await limitByIp(ctx);
    const { pass } = await ctx.services.upstream.register(input);
    const login = await ctx.services.upstream.login({ cpfCnpj: input.cpfCnpj, senha: pass });
    return startSession(ctx, login);
  }),
});
