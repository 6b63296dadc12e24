import { afterEach, describe, expect, it, vi } from 'vitest';
import { type GoogleIdentity, loadGoogleIdentity } from './google-identity';

const SRC = 'https://accounts.google.com/gsi/client';

function fakeIdentity(): GoogleIdentity {
  return { initialize: vi.fn(), renderButton: vi.fn(), prompt: vi.fn(), cancel: vi.fn() };
}

function injectedScripts(): HTMLScriptElement[] {
  return Array.from(document.querySelectorAll<HTMLScriptElement>(`script[src="${SRC}"]`));
}

afterEach(() => {
  delete window.google;
  for (const script of injectedScripts()) script.remove();
  vi.useRealTimers();
});

describe('loadGoogleIdentity', () => {
  it('injects one async script and resolves with google.accounts.id once it has run', async () => {
    const loading = loadGoogleIdentity(SRC);
    const again = loadGoogleIdentity(SRC);
    expect(again).toBe(loading);

    const scripts = injectedScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.async).toBe(true);

    const identity = fakeIdentity();
    window.google = { accounts: { id: identity } };
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBe(identity);
  });

  it('does not inject anything when the library is already there', async () => {
    const identity = fakeIdentity();
    window.google = { accounts: { id: identity } };
    await expect(loadGoogleIdentity(SRC)).resolves.toBe(identity);
    expect(injectedScripts()).toHaveLength(0);
  });

  it('rejects and removes the script when it fails to load, and tries again on the next call', async () => {
    const loading = loadGoogleIdentity(SRC);
    injectedScripts()[0]?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow();
    expect(injectedScripts()).toHaveLength(0);

    const retry = loadGoogleIdentity(SRC);
    expect(retry).not.toBe(loading);
    expect(injectedScripts()).toHaveLength(1);
    injectedScripts()[0]?.dispatchEvent(new Event('error'));
    await expect(retry).rejects.toThrow();
  });

  it('rejects when the script loads without defining google.accounts.id', async () => {
    const loading = loadGoogleIdentity(SRC);
    injectedScripts()[0]?.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow();
  });

  it('gives up after 10 seconds without an answer', async () => {
    vi.useFakeTimers();
    const loading = loadGoogleIdentity(SRC);
    const settled = vi.fn();
    loading.then(settled, settled);

    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).rejects.toThrow();
    expect(injectedScripts()).toHaveLength(0);
  });
});
