export const EMAIL_INVALID_MESSAGE = 'E-mail inválido';
export const EMAIL_INVALID_SUMMARY_MESSAGE = 'Email inválido.';

export const EMAIL_MAX_LENGTH = 254;

const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,4}$/;

/** Lower-case only, on purpose: callers that accept typed input run normalizeEmail first. */
export function isValidEmail(s: string): boolean {
  return s.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(s);
}

/** Trims and lower-cases, the form isValidEmail expects. */
export function normalizeEmail(s: string): string {
  return s.trim().toLowerCase();
}

/** A typed e-mail that may be left blank: blank, or valid once normalized (the summary's delivery field). */
export function isBlankOrValidEmail(s: string): boolean {
  const email = normalizeEmail(s);
  return s.length <= EMAIL_MAX_LENGTH && (email === '' || isValidEmail(email));
}

/**
 * Password-recovery display: first 2 characters of the local part, then '***', e.g. ma***@example.com.
 * Shorter local parts show one character fewer than they have, so the whole local part is never revealed.
 */
export function maskEmail(s: string): string {
  const at = s.lastIndexOf('@');
  if (at < 0) return '***';
  const local = s.slice(0, at);
  const visible = local.slice(0, Math.min(2, Math.max(local.length - 1, 0)));
  return `${visible}***${s.slice(at)}`;
}
