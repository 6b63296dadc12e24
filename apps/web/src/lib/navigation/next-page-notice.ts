/**
 * A word for the page a step leads to when that page cannot take navigation state (the home page, which
 * also runs without the router): held in this tab's memory only, never in storage, and shown once.
 */
let pending: string | null = null;

export function noticeForNextPage(text: string): void {
  pending = text;
}

/** The word left for this page, if any; `clearNextPageNotice` once it is on screen. */
export const peekNextPageNotice = (): string | null => pending;

export function clearNextPageNotice(): void {
  pending = null;
}
