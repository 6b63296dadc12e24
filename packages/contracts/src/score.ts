// The score's scale without zod, so the page that shows a score does not load it.

/** The highest credit score. */
export const SCORE_MAX = 1000;
