import { limitByIp, startSession } from '../auth/sign-in';
import type { SessionView } from '../session/session-view';
import type { Context } from '../trpc/context';

export const CONTACT_MESSAGES = {
  emailTaken: 'E-mail já cadastrado. Por favor, utilize outro e-mail',
  phoneTaken: 'Telefone já cadastrado. Por favor, utilize outro telefone',
} as const;

const MINUTE = 60_000;

/** Registrations and contact checks per IP, in the recovery window. */
const limitRegistrations = (ctx: Context) =>
  limitByIp(ctx, 'register-ip', ctx.services.config.RECOVERY_MAX_PER_IP, 15 * MINUTE);

/** Which of the two contacts are already in use, as the portal's messages (null when free). */
export async function contactConflicts(ctx: Context, input: { email: string; telefone: string }) {
  await limitRegistrations(ctx);
  const counts = await ctx.services.upstream.contactCheck(input.email, input.telefone);
  return {
    email: counts.countEmail >= 1 ? CONTACT_MESSAGES.emailTaken : null,
    telefone: counts.countTelefone >= 1 ? CONTACT_MESSAGES.phoneTaken : null,
  };
}

/**
 * POST cadastro (the upstream refuses a taken document, e-mail or phone, in that order), then the
 * automatic sign-in with the password it generated; the password never reaches the browser.
 */
export async function register(
  ctx: Context,
  input: Parameters<Context['services']['upstream']['register']>[0],
): Promise<SessionView> {
  await limitRegistrations(ctx);
  const { pass } = await ctx.services.upstream.register(input);
  const login = await ctx.services.upstream.login({ cpfCnpj: input.cpfCnpj, senha: pass });
  return startSession(ctx, login);
}
