import { REGISTRATION_MESSAGES } from '@portal/contracts/upstream/registration';
import { limitByIp, startSession } from '../auth/sign-in';
import type { SessionView } from '../session/session-view';
import type { Context } from '../trpc/context';
import { UpstreamError } from '../upstream/errors';

/** The upstream's own refusals, which the contact check repeats before registration. */
export const CONTACT_MESSAGES = {
  emailTaken: REGISTRATION_MESSAGES.emailTaken,
  phoneTaken: REGISTRATION_MESSAGES.phoneTaken,
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
 * The registration stands but its automatic sign-in failed: the page says the registration succeeded
 * and sends the person to sign in with the temporary password the upstream sent them.
 */
export const REGISTERED_WITHOUT_SESSION = { status: 'cadastrado-sem-sessao' } as const;

/**
 * POST cadastro (the upstream refuses a taken document, e-mail or phone, in that order), then the
 * automatic sign-in with the password it generated; the password never reaches the browser. A failed
 * sign-in after a successful registration is not the registration's failure (REGISTERED_WITHOUT_SESSION).
 */
export async function register(
  ctx: Context,
  input: Parameters<Context['services']['upstream']['register']>[0],
): Promise<SessionView | typeof REGISTERED_WITHOUT_SESSION> {
  await limitRegistrations(ctx);
  const { pass } = await ctx.services.upstream.register(input);
  try {
    const login = await ctx.services.upstream.login({ cpfCnpj: input.cpfCnpj, senha: pass });
    return await startSession(ctx, login, 'cadastro');
  } catch (error) {
    ctx.req.log.warn(
      { kind: error instanceof UpstreamError ? error.kind : 'unknown' },
      'registered, but the sign-in after it failed',
    );
    return REGISTERED_WITHOUT_SESSION;
  }
}
