import type { Profile } from '@portal/contracts/upstream/entities';
import type { SeedPersona } from '../data/types';
import { passwordMatches, storePassword } from './passwords';

/** What a registration may change later (profile edits, consent). */
export type StubProfile = Pick<
  SeedPersona,
  'nome' | 'email' | 'telefone' | 'whatsapp' | 'dtNascimento' | 'endereco' | 'notificacao'
>;

export interface StubUser {
  /** client id */
  id: string;
  cpfCnpj: string;
  profile: StubProfile;
  /** the seeded debts and behaviour (empty for people who register with an unseeded document) */
  seed: Pick<SeedPersona, 'contracts' | 'behaviour' | 'identityQuestion' | 'score'>;
  passwordSalt: Buffer;
  passwordHash: Buffer;
}

/** The registrations, one a document, each with its client id and password. */
export function createUsers() {
  const users = new Map<string, StubUser>();
  let nextId = 100_001;

  return {
    /** Registers a document under the next client id; the password is kept only as a hash. */
    addUser(cpfCnpj: string, profile: StubProfile, seed: StubUser['seed'], password: string): StubUser {
      const user: StubUser = { id: String(nextId++), cpfCnpj, profile, seed, ...storePassword(password) };
      users.set(cpfCnpj, user);
      return user;
    },

    removeUser(user: StubUser) {
      users.delete(user.cpfCnpj);
    },

    /** Every registration, in the order they were made. */
    allUsers: () => [...users.values()],

    findUser: (cpfCnpj: string) => users.get(cpfCnpj),
    findUserByEmail: (email: string) =>
      [...users.values()].find((u) => u.profile.email === email.toLowerCase()),

    checkPassword(cpfCnpj: string, senha: string): StubUser | undefined {
      const user = users.get(cpfCnpj);
      if (!user) return undefined;
      return passwordMatches(senha, user) ? user : undefined;
    },

    setPassword(user: StubUser, senha: string) {
      const stored = storePassword(senha);
      user.passwordSalt = stored.passwordSalt;
      user.passwordHash = stored.passwordHash;
    },
  };
}

export type Users = ReturnType<typeof createUsers>;

/**
 * A document as the upstream sends it in a reply: it keeps numeric documents as numbers, so their
 * leading zeros are lost ('00481516298' goes out as '481516298'); an alphanumeric CNPJ goes whole.
 */
export const documentOnWire = (cpfCnpj: string): string =>
  /^[0-9]+$/.test(cpfCnpj) ? cpfCnpj.replace(/^0+(?=.)/, '') : cpfCnpj;

/** A user's profile as the upstream answers it. */
export const toProfile = (user: StubUser): Profile => ({
  ...user.profile,
  cpfCnpj: documentOnWire(user.cpfCnpj),
});
