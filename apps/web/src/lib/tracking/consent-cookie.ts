/**
 * The cookie-consent choice: `aceito=true` or `aceito=false`, readable by scripts (it is no secret) and
 * kept for a year. The only cookie the SPA writes; the session cookie is the BFF's (HttpOnly).
 */
const CONSENT_COOKIE = 'aceito';
const ONE_YEAR_SECONDS = 31_536_000;

/** true (accepted), false (refused), or null while the visitor has not decided. */
export function readConsent(cookies: string = document.cookie): boolean | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.split('=');
    if (name?.trim() !== CONSENT_COOKIE) continue;
    const value = rest.join('=').trim();
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return null;
}

/** The `document.cookie` assignment for a choice; Secure whenever the page itself is served over https. */
export function consentCookie(accepted: boolean, secure: boolean): string {
  const attributes = [`path=/`, `max-age=${ONE_YEAR_SECONDS}`, 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return [`${CONSENT_COOKIE}=${accepted ? 'true' : 'false'}`, ...attributes].join('; ');
}

export function writeConsent(accepted: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some supported browsers
  document.cookie = consentCookie(accepted, window.location.protocol === 'https:');
}
