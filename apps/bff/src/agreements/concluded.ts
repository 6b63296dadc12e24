import type { ConcludedAgreement } from '../core/records';
import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';

/** What /acordo-concluido and /reemissao-concluida show, as the session keeps it; null when it keeps none. */
export async function concludedAgreement(
  ports: Pick<Ports, 'sessions'>,
  person: Person,
): Promise<ConcludedAgreement | null> {
  return (await ports.sessions.read(person, 'agreement')) ?? null;
}

/** 'Ir para Minha Conta' forgets the concluded agreement. */
export async function finishAgreement(ports: Pick<Ports, 'sessions'>, person: Person) {
  await ports.sessions.clear(person, 'agreement');
  return { ok: true as const };
}
