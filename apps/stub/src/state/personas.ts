import { randomBytes } from 'node:crypto';
import { documentShape, randomDocument, randomMobile } from '../data/generated-identity';
import { PERSONAS } from '../data/personas';
import { DEMO_PASSWORD, type PersonaKey, type SeedPersona } from '../data/types';
import type { StubProfile, StubUser, Users } from './users';

/** The seeded personas a test may copy (the unregistered one is left to the registration flow). */
export const CLONABLE_PERSONAS = [
  'maria',
  'ana',
  'carlos',
  'comercio',
  'novaEra',
  'paulo',
  'joao',
  'luciana',
  'roberto',
  'rafael',
  'sandra',
] as const satisfies readonly PersonaKey[];
export type ClonablePersona = (typeof CLONABLE_PERSONAS)[number];

/** A persona's debts, behaviour, score and identity question, as a registration carries them. */
export const seedOf = (persona: SeedPersona): StubUser['seed'] => ({
  contracts: persona.contracts,
  behaviour: persona.behaviour,
  identityQuestion: persona.identityQuestion,
  score: persona.score,
});

const profileOf = (persona: SeedPersona): StubProfile => ({
  nome: persona.nome,
  email: persona.email,
  telefone: persona.telefone,
  whatsapp: persona.whatsapp,
  dtNascimento: persona.dtNascimento,
  endereco: persona.endereco,
  notificacao: persona.notificacao,
});

/** Registers the seeded personas marked registered, in seed order, with the demo password. */
export function registerSeededPersonas(users: Users) {
  for (const persona of PERSONAS) {
    if (persona.registered)
      users.addUser(persona.cpfCnpj, profileOf(persona), seedOf(persona), DEMO_PASSWORD);
  }
}

/** Fresh copies of the seeded personas, on demand. */
export function createPersonas(users: Users) {
  return {
    /**
     * Registers a copy of a seeded persona (its debts, behaviour, score, identity question and profile)
     * under a fresh valid document of the same kind, a unique e-mail and a unique mobile, with the demo
     * password: end-to-end runs in parallel each get a user whose agreements touch no one else's.
     */
    clonePersona(key: ClonablePersona): StubUser {
      const persona = PERSONAS.find((p) => p.key === key);
      if (!persona) throw new Error(`no seeded persona '${key}'`);
      const seeded = new Set(PERSONAS.flatMap((p) => [p.cpfCnpj, p.email, p.telefone]));
      const all = users.allUsers();
      const taken = (value: string) =>
        seeded.has(value) ||
        all.some((u) => u.cpfCnpj === value || u.profile.email === value || u.profile.telefone === value);
      const fresh = (make: () => string) => {
        for (;;) {
          const value = make();
          if (!taken(value)) return value;
        }
      };
      const [local, domain] = persona.email.split('@');
      const profile = structuredClone(profileOf(persona));
      return users.addUser(
        fresh(() => randomDocument(documentShape(persona.cpfCnpj))),
        {
          ...profile,
          email: fresh(() => `${local}.${randomBytes(4).toString('hex')}@${domain}`),
          telefone: fresh(() => randomMobile(persona.telefone.slice(0, 2))),
        },
        structuredClone(seedOf(persona)),
        DEMO_PASSWORD,
      );
    },
  };
}
