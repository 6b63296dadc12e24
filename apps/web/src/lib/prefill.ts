import { normalizeDocument } from '@portal/validation/document';

/**
 * Hands the home banner's document to the login page in memory only (docs/decisions/0001): never in the
 * URL, history state, browser storage or cookies. A reload forgets it.
 */
let pending: string | null = null;

export function setPrefill(document: string): void {
  pending = document;
}

/** The pending document without consuming it (pure: safe to call while rendering). */
export function peekPrefill(): string | null {
  return pending;
}

export function clearPrefill(): void {
  pending = null;
}

/** The pending document, consumed: a second call returns null. */
export function takePrefill(): string | null {
  const document = pending;
  pending = null;
  return document;
}

/**
 * A `?cpfCnpj=` link (spec: /login, /esqueceu-senha) hands its document over the same way: called
 * once at start-up, before the first request, so it never reaches a Referer or the history.
 */
export function liftDocumentFromUrl(location: Location = window.location): void {
  const url = new URL(location.href);
  const value = url.searchParams.get('cpfCnpj');
  if (value === null) return;
  const document = normalizeDocument(value).slice(0, 14);
  if (document) setPrefill(document);
  url.searchParams.delete('cpfCnpj');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
