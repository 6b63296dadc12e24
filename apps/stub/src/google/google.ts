import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, jwtVerify, SignJWT } from 'jose';

const GOOGLE_ISSUER = 'https://accounts.google.com';

interface MintOptions {
  email: string;
  aud: string;
  name?: string;
  iss?: string;
  /** seconds from now; negative for an expired credential */
  expiresIn?: number;
  /** sign with a key the JWKS does not publish */
  unknownKey?: boolean;
}

/**
 * Stands in for Google's identity service: a signing key published as a JWKS, and credentials
 * minted on request so tests can sign in "with Google" without a network.
 */
export async function createGoogleIdentity() {
  const kid = `stub-${randomUUID().slice(0, 8)}`;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } as JWK] };
  const localJwks = createLocalJWKSet(jwks);

  return {
    jwks,
    async mint({ email, aud, name, iss = GOOGLE_ISSUER, expiresIn = 3600, unknownKey = false }: MintOptions) {
      const [givenName = '', ...rest] = (name ?? email.split('@')[0] ?? '').split(' ');
      return new SignJWT({
        email,
        email_verified: true,
        name: name ?? givenName,
        given_name: givenName,
        family_name: rest.join(' '),
      })
        .setProtectedHeader({ alg: 'RS256', kid: unknownKey ? 'unknown-key' : kid, typ: 'JWT' })
        .setSubject(String(Math.abs(hash(email))))
        .setIssuer(iss)
        .setAudience(aud)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
        .sign(unknownKey ? stranger.privateKey : privateKey);
    },
    /** The e-mail of a credential this identity signed, or undefined. */
    async emailOf(credential: string): Promise<string | undefined> {
      try {
        const { payload } = await jwtVerify(credential, localJwks, {
          issuer: GOOGLE_ISSUER,
          algorithms: ['RS256'],
        });
        return typeof payload.email === 'string' && payload.email_verified === true
          ? payload.email
          : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export type GoogleIdentity = Awaited<ReturnType<typeof createGoogleIdentity>>;

function hash(s: string): number {
  let h = 0;
  for (const c of s) h = (Math.imul(31, h) + c.charCodeAt(0)) | 0;
  return h;
}
