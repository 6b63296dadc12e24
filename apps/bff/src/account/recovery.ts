import { recordActivity } from '../activity/activity';
import { ownerOf } from '../activity/owner';
import { sessionsOf, tooMany } from '../auth/sign-in';
import { firstFound } from '../keys/keyring';
import type { Ports } from '../ports/ports';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** How long the BFF remembers whose reset link an id names (the upstream's links live less). */
const RESET_LINK_MEMORY_MS = DAY;
const resetLinkKey = (form: string) => `reset-link:${form}`;
/** whose activity the reset is written to: the person's pseudonym in their records */
const resetOwnerKey = (form: string) => `reset-owner:${form}`;

/**
 * The lists of sessions a reset link's person has, as its record says: the person's pseudonym under every
 * key configured at the send. A record made before keyed values carried ids holds one bare pseudonym,
 * whose key's lists now carry that key's id in front of it.
 */
function personsOf(ports: Pick<Ports, 'keys'>, kept: string | string[]): string[] {
  if (Array.isArray(kept)) return kept;
  return [kept, ...ports.keys.withIds(kept)];
}

/**
 * 'Prosseguir' on /esqueceu-senha and 'Enviar novamente' on /recuperar-senha: the upstream sends a
 * temporary password and a reset link, and answers the masked contacts it used. Each send replaces the
 * person's password, so it is limited per IP, then per document (15 minutes and a day), and it ends every
 * session the person has: whoever signed in with the old password is signed out. The reset link's id is
 * remembered against the person (a pseudonym), for the reset to do the same.
 */
export async function sendRecovery(
  ports: Pick<Ports, 'config' | 'limiter' | 'upstream' | 'sessions' | 'store' | 'keys' | 'ip'>,
  cpfCnpj: string,
) {
  const { config, limiter, upstream, sessions, store } = ports;
  const allowed = await limiter.hitAll([
    ['recovery-ip', ports.ip, { max: config.RECOVERY_MAX_PER_IP, windowMs: 15 * MINUTE }],
    ['recovery-doc', cpfCnpj, { max: config.RECOVERY_MAX_PER_DOCUMENT, windowMs: 15 * MINUTE }],
    ['recovery-doc-day', cpfCnpj, { max: config.RECOVERY_MAX_PER_DOCUMENT_DAY, windowMs: DAY }],
  ]);
  if (!allowed) throw tooMany();
  const sent = await upstream.sendRecovery(cpfCnpj);
  const person = sessionsOf(ports, cpfCnpj);
  await Promise.all([
    sessions.endAllOf(person),
    store.set(
      resetLinkKey(ports.keys.sign('reset-link', sent.id)),
      [person.person, ...(person.formerly ?? [])],
      RESET_LINK_MEMORY_MS,
    ),
    store.set(
      resetOwnerKey(ports.keys.sign('reset-link', sent.id)),
      ownerOf(ports, { data: { cpfCnpj } }),
      RESET_LINK_MEMORY_MS,
    ),
  ]);
  return sent;
}

/**
 * /nova-senha-pb: a new password, identified by the reset link's id and code; limited per IP. Every
 * session of the person the link was sent to ends.
 */
export async function resetPassword(
  ports: Pick<Ports, 'config' | 'limiter' | 'upstream' | 'sessions' | 'store' | 'keys' | 'ip' | 'db' | 'log'>,
  input: { id: string; codigo: string; novaSenha: string },
) {
  const { config, limiter, upstream, sessions, store } = ports;
  if (!(await limiter.hit('reset-ip', ports.ip, { max: config.RECOVERY_MAX_PER_IP, windowMs: 15 * MINUTE })))
    throw tooMany();
  await upstream.resetPassword({ id: input.id, codigo: input.codigo, novaSenha: input.novaSenha });
  const found = await firstFound(ports.keys.candidates('reset-link', input.id), (form) =>
    store.get<string | string[]>(resetLinkKey(form)),
  );
  if (found) {
    const [person = '', ...formerly] = personsOf(ports, found.value);
    await sessions.endAllOf({ person, formerly, max: config.SESSION_MAX_PER_DOCUMENT });
    await store.delete(resetLinkKey(found.form));
    const owner = await store.get<string>(resetOwnerKey(found.form));
    if (owner) {
      await recordActivity(ports, owner, { kind: 'senha-redefinida' });
      await store.delete(resetOwnerKey(found.form));
    }
  }
  return { ok: true as const };
}
