import type { Person } from '../core/session';
import type { Ports } from '../ports/ports';

/** Whose records: a signed-in person, or only a document (a reset link's person). */
export type Whose = Pick<Person, 'data'> | { data: Pick<Person['data'], 'cpfCnpj'> };

/**
 * The person's pseudonym in agreement records, intents and activity, keyed with the newest key (its id in front): an
 * HMAC of the document, never the document itself.
 */
export const ownerOf = (ports: Pick<Ports, 'keys'>, person: Whose) =>
  ports.keys.sign('agreement-owner', person.data.cpfCnpj);

/** Whether a kept owner is the signed-in person, under whichever configured key it was written. */
export const isOwner = (ports: Pick<Ports, 'keys'>, person: Whose, owner: string) =>
  ports.keys.verify('agreement-owner', person.data.cpfCnpj, owner);

/** Every form the person's records may be kept under: each configured key's, newest first. */
export const ownerForms = (ports: Pick<Ports, 'keys'>, person: Whose) =>
  ports.keys.candidates('agreement-owner', person.data.cpfCnpj);
