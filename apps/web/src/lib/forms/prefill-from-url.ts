import { normalizeDocument } from '@portal/validation/document';
import { setPrefill } from './prefill';

/**
 * A `?cpfCnpj=` link (to /login or /esqueceu-senha) hands its document over as the home banner does
 * (prefill.ts): called once at start-up, before the app's first request, so it never reaches an API call's
 * Referer or the history. main.tsx loads this module only for such a link.
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
