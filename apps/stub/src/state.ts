import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { CREDITORS } from './data/creditors';
import { PERSONAS } from './data/personas';
import { DEMO_PASSWORD, type SeedCreditor, type SeedPersona } from './data/types';

export interface StubUser {
  persona: SeedPersona;
  /** client id, stable per persona */
  id: string;
  passwordSalt: Buffer;
  passwordHash: Buffer;
}

interface TokenRecord {
  cpfCnpj: string;
  expiresAt: number;
}

export interface StubStateOptions {
  now?: () => number;
  tokenTtlMs?: number;
}

// Low scrypt cost: the simulator hashes every persona at start and in every test.
const hashPassword = (password: string, salt: Buffer) => scryptSync(password, salt, 32, { N: 1024 });

/** The simulator's memory: registered users and the tokens it issued. */
export function createStubState({ now = Date.now, tokenTtlMs = 60 * 60 * 1000 }: StubStateOptions = {}) {
  const users = new Map<string, StubUser>();
  const tokens = new Map<string, TokenRecord>();
  const creditors = new Map<string, SeedCreditor>(CREDITORS.map((c) => [c.code, c]));

  PERSONAS.filter((p) => p.registered).forEach((persona, index) => {
    const passwordSalt = randomBytes(16);
    users.set(persona.cpfCnpj, {
      persona,
      id: String(100_001 + index),
      passwordSalt,
      passwordHash: hashPassword(DEMO_PASSWORD, passwordSalt),
    });
  });

  return {
    creditors,
    findUser: (cpfCnpj: string) => users.get(cpfCnpj),

    checkPassword(cpfCnpj: string, senha: string): StubUser | undefined {
      const user = users.get(cpfCnpj);
      if (!user) return undefined;
      return timingSafeEqual(hashPassword(senha, user.passwordSalt), user.passwordHash) ? user : undefined;
    },

    issueToken(user: StubUser): string {
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { cpfCnpj: user.persona.cpfCnpj, expiresAt: now() + tokenTtlMs });
      return token;
    },

    /** The user a live token belongs to; an expired token is forgotten. */
    userForToken(token: string): StubUser | undefined {
      const record = tokens.get(token);
      if (!record) return undefined;
      if (record.expiresAt <= now()) {
        tokens.delete(token);
        return undefined;
      }
      return users.get(record.cpfCnpj);
    },

    /** Ends every token of a document (tests use it to play 'Token expirado'). */
    expireTokens(cpfCnpj: string): number {
      let count = 0;
      for (const [token, record] of tokens) {
        if (record.cpfCnpj === cpfCnpj) {
          tokens.delete(token);
          count += 1;
        }
      }
      return count;
    },

    /** The partner creditors a user has contracts with, in first-contract order. */
    creditorsOf(user: StubUser): SeedCreditor[] {
      const codes = [...new Set(user.persona.contracts.map((c) => c.creditorCode))];
      return codes.flatMap((code) => creditors.get(code) ?? []);
    },
  };
}

export type StubState = ReturnType<typeof createStubState>;
