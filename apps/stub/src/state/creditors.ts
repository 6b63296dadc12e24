import { CREDITORS } from '../data/creditors';
import type { SeedCreditor } from '../data/types';
import type { StubUser } from './users';

/** The partner creditors, by code. */
export function createCreditors() {
  const creditors = new Map<string, SeedCreditor>(CREDITORS.map((c) => [c.code, c]));

  return {
    creditors,

    /** The partner creditors a user has contracts with, in first-contract order. */
    creditorsOf(user: StubUser): SeedCreditor[] {
      const codes = [...new Set(user.seed.contracts.map((c) => c.creditorCode))];
      return codes.flatMap((code) => creditors.get(code) ?? []);
    },
  };
}
