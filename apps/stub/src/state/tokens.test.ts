import { addTestUser } from '@portal/test-kit/stub-users';
import { describe, expect, it } from 'vitest';
import { createTokens } from './tokens';
import { createUsers } from './users';

function setup() {
  let clock = 0;
  const users = createUsers();
  const user = addTestUser(users);
  const tokens = createTokens({ users, now: () => clock, ttlMs: 1000 });
  return { user, tokens, advance: (ms: number) => (clock += ms) };
}

describe('tokens', () => {
  it('names the user while the token lives, and forgets it once it expires', () => {
    const { user, tokens, advance } = setup();
    const token = tokens.issueToken(user);
    advance(999);
    expect(tokens.userForToken(token)).toBe(user);
    advance(1);
    expect(tokens.userForToken(token)).toBeUndefined();
  });

  it("ends every token of a document and counts them, leaving other documents' alone", () => {
    const { user, tokens } = setup();
    const first = tokens.issueToken(user);
    tokens.issueToken(user);
    expect(tokens.expireTokens(user.cpfCnpj)).toBe(2);
    expect(tokens.userForToken(first)).toBeUndefined();
    expect(tokens.expireTokens('00000000000')).toBe(0);
  });
});
