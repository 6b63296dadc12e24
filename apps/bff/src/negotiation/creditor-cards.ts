import type { Person } from '../core/session';
import { type CreditorCard, type CreditorPorts, creditorCard, listCreditors } from './creditors';

/** The sign-ins' lookups under way in this process, by session. */
const afterSignIn = new Map<string, Promise<CreditorCard[]>>();

const lookUp = async (ports: CreditorPorts, person: Person) =>
  (await listCreditors(ports, person)).map(creditorCard);

/**
 * The creditor cards of /minha-conta, looked up by a sign-in for the page's first screen. While it is
 * under way (the sign-in stopped waiting for a slow upstream), the page's own ask joins it.
 */
export function signInCreditorCards(ports: CreditorPorts, person: Person): Promise<CreditorCard[]> {
  const lookup = lookUp(ports, person).finally(() => afterSignIn.delete(person.id));
  afterSignIn.set(person.id, lookup);
  return lookup;
}

/** The creditor cards of /minha-conta: the sign-in's lookup while under way, else a new one. */
export function creditorCards(ports: CreditorPorts, person: Person): Promise<CreditorCard[]> {
  return afterSignIn.get(person.id) ?? lookUp(ports, person);
}
