import { sessionsOf, tooMany } from '../auth/sign-in';
import type { Context } from '../trpc/context';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** How long the BFF remembers whose reset link an id names (the upstream's links live less). */
const RESET_LINK_MEMORY_MS = DAY;
const resetLinkKey = (ctx: Context, id: string) => `reset-link:${ctx.services.pseudonym('reset-link', id)}`;

/**
 * 'Prosseguir' on /esqueceu-senha and 'Enviar novamente' on /recuperar-senha: the upstream sends a
 * temporary password and a reset link, and answers the masked contacts it used. Each send replaces the
 * person's password, so it is limited per IP, then per document (15 minutes and a day), and it ends every
 * session the person has: whoever signed in with the old password is signed out. The reset link's id is
 * remembered against the person (a pseudonym), for the reset to do the same.
 */
export async function sendRecovery(ctx: Context, cpfCnpj: string) {
  const { config, limiter, upstream, sessions, store } = ctx.services;
  const allowed = await limiter.hitAll([
    ['recovery-ip', ctx.req.ip, { max: config.RECOVERY_MAX_PER_IP, windowMs: 15 * MINUTE }],
    ['recovery-doc', cpfCnpj, { max: config.RECOVERY_MAX_PER_DOCUMENT, windowMs: 15 * MINUTE }],
    ['recovery-doc-day', cpfCnpj, { max: config.RECOVERY_MAX_PER_DOCUMENT_DAY, windowMs: DAY }],
  ]);
  if (!allowed) throw tooMany();
  const sent = await upstream.sendRecovery(cpfCnpj);
  const person = sessionsOf(ctx, cpfCnpj);
  await Promise.all([
    sessions.endAllOf(person),
    store.set(resetLinkKey(ctx, sent.id), person.person, RESET_LINK_MEMORY_MS),
  ]);
  return sent;
}

/**
 * /nova-senha-pb: a new password, identified by the reset link's id and code; limited per IP. Every
 * session of the person the link was sent to ends.
 */
export async function resetPassword(ctx: Context, input: { id: string; codigo: string; novaSenha: string }) {
  const { config, limiter, upstream, sessions, store } = ctx.services;
  if (
    !(await limiter.hit('reset-ip', ctx.req.ip, { max: config.RECOVERY_MAX_PER_IP, windowMs: 15 * MINUTE }))
  )
    throw tooMany();
  await upstream.resetPassword({ id: input.id, codigo: input.codigo, novaSenha: input.novaSenha });
  const key = resetLinkKey(ctx, input.id);
  const person = await store.get<string>(key);
  if (person) {
    await sessions.endAllOf({ person, max: config.SESSION_MAX_PER_DOCUMENT });
    await store.delete(key);
  }
  return { ok: true as const };
}
