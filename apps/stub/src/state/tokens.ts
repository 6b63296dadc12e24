import { randomBytes } from 'node:crypto';
import { type Expiring, liveRecord } from './expiring';
import type { StubUser, Users } from './users';

interface TokensOptions {
  users: Users;
  now: () => number;
  ttlMs: number;
}

/** The Bearer tokens issued at sign-in, each naming one document until it expires. */
export function createTokens({ users, now, ttlMs }: TokensOptions) {
  const tokens = new Map<string, Expiring>();

  return {
    issueToken(user: StubUser): string {
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { cpfCnpj: user.cpfCnpj, expiresAt: now() + ttlMs });
      return token;
    },

    /** The user a live token belongs to; an expired token is forgotten. */
    userForToken(token: string): StubUser | undefined {
      const record = liveRecord(tokens, token, now());
      return record ? users.findUser(record.cpfCnpj) : undefined;
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
  };
}
