// Maria, the persona every bench measurement signs in as; Ana, whose agreement is settled (the records area).
export const MARIA = { cpfCnpj: '529.982.247-25', senha: 'Acordo@2026' };
export const ANA = { cpfCnpj: '935.411.347-80', senha: 'Acordo@2026' };

/** A session cookie of `who`'s (Maria by default) on the BFF at `url`, signed in as the SPA does (same origin). */
export async function signIn(url: string, who = MARIA): Promise<string> {
  const response = await fetch(`${url}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(who),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return cookie;
}
