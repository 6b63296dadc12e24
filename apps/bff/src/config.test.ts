import { describe, expect, it } from 'vitest';
import { cookieSecure, loadConfig } from './config';

describe('loadConfig', () => {
  it('fills the defaults of the spec and the design', () => {
    const config = loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:4010' });
    expect(config.PORT).toBe(3000);
    expect(config.PROXY_TIMEOUT_MS).toBe(195_000);
    expect(config.SIGNIN_MAX_FAILURES).toBe(5);
    expect(cookieSecure(config)).toBe(false);
  });

  it('makes cookies Secure in production unless told otherwise', () => {
    expect(cookieSecure(loadConfig({ UPSTREAM_URL: 'http://u', NODE_ENV: 'production' }))).toBe(true);
    expect(
      cookieSecure(loadConfig({ UPSTREAM_URL: 'http://u', NODE_ENV: 'production', COOKIE_SECURE: 'false' })),
    ).toBe(false);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ UPSTREAM_URL: 'not a url', PORT: 'abc' })).toThrow(
      /UPSTREAM_URL[\s\S]*PORT|PORT[\s\S]*UPSTREAM_URL/,
    );
  });
});
