/** How a cookie is set: what a domain decides about its own cookies, without the HTTP library's types. */
export interface CookieOptions {
  path: string;
  secure: boolean;
  httpOnly?: boolean;
  sameSite?: 'lax' | 'strict';
  /** seconds */
  maxAge?: number;
}

/** The browser's cookies: read from the request, written on the reply (http/cookies.ts wires them). */
export interface Cookies {
  get(name: string): string | undefined;
  set(name: string, value: string, options: CookieOptions): void;
  clear(name: string, options: CookieOptions): void;
}
