import { afterEach, describe, expect, it } from 'vitest';
import { consentCookie, readConsent, writeConsent } from './consent-cookie';

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the jsdom cookie jar
  document.cookie = 'aceito=; path=/; max-age=0';
});

describe('readConsent', () => {
  it('knows no decision when the cookie is missing', () => {
    expect(readConsent('')).toBeNull();
    expect(readConsent('outro=1; aceitou=true')).toBeNull();
  });

  it('reads an accepted and a refused choice among other cookies', () => {
    expect(readConsent('a=1; aceito=true; b=2')).toBe(true);
    expect(readConsent('aceito=false')).toBe(false);
  });

  it('takes an unknown value for no decision', () => {
    expect(readConsent('aceito=talvez')).toBeNull();
  });
});

describe('consentCookie', () => {
  it('keeps the choice for a year on the whole site, SameSite=Lax', () => {
    expect(consentCookie(true, false)).toBe('aceito=true; path=/; max-age=31536000; SameSite=Lax');
    expect(consentCookie(false, false)).toBe('aceito=false; path=/; max-age=31536000; SameSite=Lax');
  });

  it('adds Secure over https', () => {
    expect(consentCookie(true, true)).toBe('aceito=true; path=/; max-age=31536000; SameSite=Lax; Secure');
  });
});

describe('writeConsent', () => {
  it('writes a choice that readConsent then finds, and replaces an earlier one', () => {
    writeConsent(false);
    expect(readConsent()).toBe(false);
    writeConsent(true);
    expect(readConsent()).toBe(true);
    expect(document.cookie).toBe('aceito=true');
  });
});
