/** Where a log line goes: the request's logger, which carries its id. */
export interface Log {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** The browser's kind, from its User-Agent, for tracking records. */
export type Device = 'mobile' | 'desktop';

/** Phones and tablets count as mobile, as their browsers announce themselves. */
export const deviceOf = (userAgent: string | undefined): Device =>
  userAgent && /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? 'mobile' : 'desktop';
