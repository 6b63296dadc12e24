import { normalizeEmail } from '@portal/validation/email';
import { digitsOnly } from '@portal/validation/mask';
import { SHARED_MESSAGES } from '../core/messages';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';
import { UpstreamError } from '../upstream/errors';

const MINUTE = 60_000;
/** Passwords a session may have checked before it waits: each is a guess at the person's password. */
const CHECK_LIMIT = { max: 5, windowMs: 15 * MINUTE };

export const REAUTH_MESSAGES = {
  /** the web app opens the password modal on this refusal */
  needed: 'Por segurança, confirme sua senha para continuar.',
  wrong: 'Senha incorreta.',
} as const;

/**
 * The kind of both refusals: the web app knows its code (PRECONDITION_FAILED), on these procedures, as
 * "ask for the password" (never 'unauthorized', which it reads as a session that ended).
 */
const REAUTH_KIND = 'precondition';

/**
 * What of the account's recovery channel an edit moves, as 'Atividade da conta' names it: 'e-mail',
 * 'celular' or both; null when both stay as on file.
 */
export function changedContact(
  onFile: { email: string; telefone: string },
  next: { email: string; telefone: string },
): 'e-mail' | 'celular' | 'e-mail e celular' | null {
  const email = normalizeEmail(next.email) !== normalizeEmail(onFile.email);
  const phone = digitsOnly(next.telefone) !== digitsOnly(onFile.telefone);
  if (email && phone) return 'e-mail e celular';
  return email ? 'e-mail' : phone ? 'celular' : null;
}

/**
 * Whether the session's sign-in (its `createdAt`) is recent enough to act without the password, and was
 * made with proof enough: an identity question's answer (often a birth year) is not.
 */
export function signedInRecently(ports: Pick<Ports, 'config'>, person: Person, now = Date.now()): boolean {
  const { createdAt, signedInWith } = person.data;
  return (
    signedInWith !== undefined &&
    signedInWith !== 'pergunta' &&
    now - createdAt < ports.config.REAUTH_WINDOW_MINUTES * MINUTE
  );
}

/**
 * A change that could hand the account to whoever holds the session goes ahead only after a recent sign-in
 * (password, Google or registration; not an identity question) or with the current password, checked by a password sign-in
 * upstream for the session's own document. That sign-in's token is dropped here: the session keeps its own.
 * Checks are limited per person; a refusal sends nothing else upstream.
 */
export async function confirmIdentity(
  ports: Pick<Ports, 'config' | 'limiter' | 'upstream'>,
  person: Person,
  senha: string | undefined,
): Promise<void> {
  if (signedInRecently(ports, person)) return;
  if (senha === undefined) throw new Refusal(REAUTH_KIND, REAUTH_MESSAGES.needed);
  const { limiter, upstream } = ports;
  const { clientId, cpfCnpj } = person.data;
  if (!(await limiter.hit('reauth', clientId, CHECK_LIMIT))) {
    throw new Refusal('too-many', SHARED_MESSAGES.tooManyAttempts);
  }
  let signedInAs: string;
  try {
    signedInAs = (await upstream.login({ cpfCnpj, senha })).id;
  } catch (error) {
    // A refused password is not the session's token expiring: the session goes on.
    if (error instanceof UpstreamError && (error.kind === 'rejected' || error.kind === 'token-expired')) {
      throw new Refusal(REAUTH_KIND, REAUTH_MESSAGES.wrong);
    }
    throw error;
  }
  if (signedInAs !== clientId) throw new Refusal(REAUTH_KIND, REAUTH_MESSAGES.wrong);
}
