import { REGISTRATION_MESSAGES } from '@portal/contracts/upstream/registration';
import { limitByIp, startSession } from '../auth/sign-in';
import type { Ports } from '../ports/ports';
import type { SessionView } from '../session/session-view';
import { UpstreamError } from '../upstream/errors';

/** The upstream's own refusals, which the contact check repeats before registration. */
export const CONTACT_MESSAGES = {
  emailTaken: REGISTRATION_MESSAGES.emailTaken,
  phoneTaken: REGISTRATION_MESSAGES.phoneTaken,
} as const;

const MINUTE = 60_000;

/** Registrations and contact checks per IP, in the recovery window. */
const limitRegistrations = (ports: Pick<Ports, 'config' | 'limiter' | 'ip'>) =>
  limitByIp(ports, 'register-ip', ports.config.RECOVERY_MAX_PER_IP, 15 * MINUTE);

/** Which of the two contacts are already in use, as the portal's messages (null when free). */
export async function contactConflicts(
  ports: Pick<Ports, 'config' | 'limiter' | 'ip' | 'upstream'>,
  input: { email: string; telefone: string },
) {
  await limitRegistrations(ports);
  const counts = await ports.upstream.contactCheck(input.email, input.telefone);
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
  ports: Pick<
    Ports,
    'config' | 'limiter' | 'keys' | 'sessions' | 'cookies' | 'ip' | 'upstream' | 'log' | 'db' | 'userAgent'
  >,
  input: Parameters<Ports['upstream']['register']>[0],
): Promise<SessionView | typeof REGISTERED_WITHOUT_SESSION> {
  await limitRegistrations(ports);
  const { pass } = await ports.upstream.register(input);
  try {
    const login = await ports.upstream.login({ cpfCnpj: input.cpfCnpj, senha: pass });
    return await startSession(ports, login, 'cadastro');
  } catch (error) {
    ports.log.warn(
      { kind: error instanceof UpstreamError ? error.kind : 'unknown' },
      'registered, but the sign-in after it failed',
    );
    return REGISTERED_WITHOUT_SESSION;
  }
}
