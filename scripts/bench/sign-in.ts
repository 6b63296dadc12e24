// Maria, the persona every bench measurement signs in as.
export const MARIA = { cpfCnpj: '529.982.247-25', senha: 'Acordo@2026' };

/** A session cookie of Maria's on the BFF at `url`, signed in as the SPA does (same origin). */
export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(MARIA),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return cookie;
}
