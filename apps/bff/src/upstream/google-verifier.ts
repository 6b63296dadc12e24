import { createRemoteJWKSet, jwtVerify } from 'jose';

interface GoogleIdentity {
  email: string;
  name: string;
}

/**
 * Checks a Google ID token before anything trusts it: RS256 signature against the issuer's JWKS
 * (fetched and cached by jose), issuer, audience (our client id) and expiry; `alg: none`, unknown
 * keys and unverified e-mails are refused.
 */
export function createGoogleVerifier({
  clientId,
  issuers,
  jwksUrl,
}: {
  clientId: string | undefined;
  issuers: string[];
  jwksUrl: string;
}) {
  const jwks = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
  return async function verify(credential: string): Promise<GoogleIdentity | undefined> {
    if (!clientId) return undefined;
    try {
      const { payload } = await jwtVerify(credential, jwks, {
        issuer: issuers,
        audience: clientId,
        algorithms: ['RS256'],
      });
      if (payload.email_verified !== true || typeof payload.email !== 'string') return undefined;
      return { email: payload.email, name: typeof payload.name === 'string' ? payload.name : '' };
    } catch {
      return undefined;
    }
  };
}

export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
