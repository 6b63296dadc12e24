import {
  profileIdentityShape,
  type profileUpdateInput,
  whatsappWithPhone,
} from '@portal/contracts/procedures/account';
import { todayInBrazil } from '@portal/validation/dates';
import { isCompanyDocument } from '@portal/validation/document';
import { z } from 'zod';
import { recordActivity } from '../activity/activity';
import { ownerForms } from '../activity/owner';
import { forgetDevice } from '../auth/device-cookie';
import { sessionsOf } from '../auth/sign-in';
import { SHARED_MESSAGES } from '../core/messages';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';
import { UpstreamError } from '../upstream/errors';
import { changedContact, confirmIdentity, signedInRecently } from './reauth';

const MINUTE = 60_000;
/** Wrong current passwords a session may try before it waits (the upstream checks each one). */
const PASSWORD_CHANGE_LIMIT = { max: 10, windowMs: 15 * MINUTE };

/** 'Meus dados' and Notificações: the profile on file, and whether its document is a company's. */
export async function profileOf(ports: Pick<Ports, 'upstream'>, person: Person) {
  const { cpfCnpj, ...profile } = await ports.upstream.profile(person.data.token);
  return { ...profile, empresa: isCompanyDocument(cpfCnpj) };
}

/**
 * Saves 'Meus dados'. The name's rule depends on the session's kind of document and the birth date's on
 * today, so both shared rules are applied here; the header's name follows the new one.
 */
export async function updateProfile(
  ports: Pick<Ports, 'config' | 'limiter' | 'upstream' | 'sessions' | 'db' | 'keys' | 'log'>,
  person: Person,
  input: z.output<typeof profileUpdateInput>,
) {
  const company = isCompanyDocument(person.data.cpfCnpj);
  const checked = z.object(profileIdentityShape(company, todayInBrazil())).safeParse(input);
  if (!checked.success) {
    throw new Refusal('bad-request', checked.error.issues[0]?.message ?? SHARED_MESSAGES.unexpected);
  }
  const { senha, ...profile } = input;
  // A new e-mail or phone is a new way to recover the password: it needs a recent sign-in or the password.
  const onFile = await ports.upstream.profile(person.data.token);
  const contact = changedContact(onFile, profile);
  if (contact && !signedInRecently(ports, person)) await confirmIdentity(ports, person, senha);
  const saved = await ports.upstream.updateProfile(person.data.token, {
    ...profile,
    whatsapp: whatsappWithPhone(input),
  });
  if (saved.nome !== person.data.nome) await ports.sessions.rename(person, saved.nome);
  if (contact) await recordActivity(ports, person, { kind: 'contato-alterado', campos: contact });
  return { nome: saved.nome };
}

/** Deletes the registration upstream (after a recent sign-in or with the password), then ends this session. */
export async function deleteAccount(
  ports: Pick<
    Ports,
    'config' | 'limiter' | 'upstream' | 'sessions' | 'keys' | 'cookies' | 'db' | 'reminders'
  >,
  person: Person,
  input: { senha?: string | undefined },
) {
  await confirmIdentity(ports, person, input.senha);
  // the person's activity, agreement records and reminders go first: a database down refuses the deletion whole
  await ports.db.erase(ownerForms(ports, person));
  await ports.reminders.erase(ownerForms(ports, person));
  await ports.upstream.deleteAccount(person.data.token);
  // every session of the person ends, and this browser is no longer trusted for a registration now gone
  await ports.sessions.end(ports.cookies);
  await ports.sessions.endAllOf(sessionsOf(ports, person.data.cpfCnpj));
  forgetDevice(ports);
  return { ok: true as const };
}

/**
 * The new password goes upstream, which checks the current one; limited per person. Once it is changed,
 * this browser's session goes on under a new id and every other session of the person ends: whoever
 * signed in with the old password is signed out.
 */
export async function changePassword(
  ports: Pick<Ports, 'config' | 'limiter' | 'upstream' | 'sessions' | 'keys' | 'cookies' | 'db' | 'log'>,
  person: Person,
  input: { senha: string; novaSenha: string },
) {
  const { limiter, upstream, sessions } = ports;
  const allowed = await limiter.hit('password-change', person.data.clientId, PASSWORD_CHANGE_LIMIT);
  if (!allowed) throw new Refusal('too-many', SHARED_MESSAGES.tooManyAttempts);
  const { mensagem } = await upstream.changePassword(person.data.token, {
    senha: input.senha,
    novaSenha: input.novaSenha,
  });
  await sessions.renew(ports.cookies, person, sessionsOf(ports, person.data.cpfCnpj));
  await recordActivity(ports, person, { kind: 'senha-alterada' });
  return { message: mensagem };
}

/**
 * The credit score, for people only (11-digit documents). A failed lookup is only logged: the page then
 * shows no score.
 */
export async function scoreOf(ports: Pick<Ports, 'upstream' | 'log'>, person: Person) {
  const { cpfCnpj, token } = person.data;
  if (!/^\d{11}$/.test(cpfCnpj)) return null;
  try {
    return await ports.upstream.score(token, cpfCnpj);
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'token-expired') throw error;
    ports.log.warn(
      { kind: error instanceof UpstreamError ? error.kind : 'unknown' },
      'score: the lookup failed',
    );
    return null;
  }
}

/** Notificações: the marketing consent given at registration, free to revoke (LGPD). */
export async function setNotifications(ports: Pick<Ports, 'upstream'>, person: Person, notificacao: boolean) {
  return ports.upstream.setNotifications(person.data.token, notificacao);
}

/** The rating modal: a score of 0 to 10 and a comment, sent without the comment when it is only blanks. */
export async function rate(
  ports: Pick<Ports, 'upstream'>,
  person: Person,
  input: { nota: number; comentario?: string | undefined },
) {
  const comentario = input.comentario?.trim();
  await ports.upstream.rate(person.data.token, {
    nota: input.nota,
    ...(comentario ? { comentario } : {}),
  });
  return { ok: true as const };
}

/**
 * 'Não reconheço esta atividade': every other session of the person ends, and this one goes on under a new
 * id, so that a stolen cookie or password signed in elsewhere is out; the page then leads to the password
 * change.
 */
export async function disownActivity(
  ports: Pick<Ports, 'sessions' | 'cookies' | 'keys' | 'config'>,
  person: Person,
): Promise<void> {
  await ports.sessions.renew(ports.cookies, person, sessionsOf(ports, person.data.cpfCnpj));
}
