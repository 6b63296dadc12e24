import { randomBytes, randomInt, scryptSync, timingSafeEqual } from 'node:crypto';

/** How a registration keeps its password: only a salted hash, never the password. */
interface StoredPassword {
  passwordSalt: Buffer;
  passwordHash: Buffer;
}

// Low scrypt cost: the simulator hashes every persona at start and in every test.
const hashPassword = (password: string, salt: Buffer) => scryptSync(password, salt, 32, { N: 1024 });
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A fresh salt and the password's hash under it. */
export function storePassword(password: string): StoredPassword {
  const passwordSalt = randomBytes(16);
  return { passwordSalt, passwordHash: hashPassword(password, passwordSalt) };
}

/** Whether a password is the stored one, compared in constant time. */
export function passwordMatches(password: string, stored: StoredPassword): boolean {
  return timingSafeEqual(hashPassword(password, stored.passwordSalt), stored.passwordHash);
}

/** A temporary password: 10 characters, letters and digits, with a symbol so it passes password rules. */
export function generatePassword(): string {
  const chars = Array.from({ length: 9 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]);
  return `${chars.join('')}@`;
}
