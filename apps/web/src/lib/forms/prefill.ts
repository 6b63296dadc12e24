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
