import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema, cookieSecure, loadConfig } from './config';

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

  it('reads TRUST_PROXY as a switch or the addresses of the proxies', () => {
    const trust = (TRUST_PROXY: string) => loadConfig({ UPSTREAM_URL: 'http://u', TRUST_PROXY }).TRUST_PROXY;
    expect(loadConfig({ UPSTREAM_URL: 'http://u' }).TRUST_PROXY).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('0')).toBe(false);
    expect(trust('10.0.0.0/8,172.16.0.0/12')).toBe('10.0.0.0/8,172.16.0.0/12');
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ UPSTREAM_URL: 'not a url', PORT: 'abc' })).toThrow(
      /UPSTREAM_URL[\s\S]*PORT|PORT[\s\S]*UPSTREAM_URL/,
    );
  });

  it('refuses REDIS_URL without KEY_SECRET, saying what to set', () => {
    const base = { UPSTREAM_URL: 'http://upstream.test', REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(() => loadConfig(base)).toThrow(/KEY_SECRET is required with REDIS_URL/);
    expect(loadConfig({ ...base, KEY_SECRET: 'a-secret-of-16-chars' }).REDIS_URL).toBe(base.REDIS_URL);
  });

  it("keeps the proxy channel's bound below the API's, so stuck upstream calls never take every slot", () => {
    const base = { UPSTREAM_URL: 'http://upstream.test' };
    expect(loadConfig(base).PROXY_MAX_PENDING).toBe(500);
    expect(loadConfig({ ...base, OVERLOAD_MAX_IN_FLIGHT: '2' }).PROXY_MAX_PENDING).toBe(1);
    expect(loadConfig({ ...base, PROXY_MAX_PENDING: '999' }).PROXY_MAX_PENDING).toBe(999);
    expect(() => loadConfig({ ...base, PROXY_MAX_PENDING: '1000' })).toThrow(
      /PROXY_MAX_PENDING \(1000\) must be below OVERLOAD_MAX_IN_FLIGHT \(1000\)/,
    );
  });

  it('is documented: every variable has a row in the README', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const missing = Object.keys(configSchema.shape).filter((name) => !readme.includes(`| \`${name}\``));
    expect(missing).toEqual([]);
  });
});
