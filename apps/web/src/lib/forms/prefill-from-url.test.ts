import { afterEach, describe, expect, it } from 'vitest';
import { takePrefill } from './prefill';
import { liftDocumentFromUrl } from './prefill-from-url';

afterEach(() => {
  takePrefill();
  window.history.replaceState(null, '', '/');
});

describe('liftDocumentFromUrl', () => {
  it('moves a ?cpfCnpj= document into memory and out of the address and history', () => {
    window.history.replaceState(null, '', '/login?cpfCnpj=111.444.777-35&x=1#top');
    liftDocumentFromUrl();
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('?x=1');
    expect(window.location.hash).toBe('#top');
    expect(window.location.href).not.toContain('111');
    expect(takePrefill()).toBe('11144477735');
  });

  it('keeps the letters of an alphanumeric CNPJ, upper-cased', () => {
    window.history.replaceState(null, '', '/login?cpfCnpj=12.abc.345/01de-35');
    liftDocumentFromUrl();
    expect(takePrefill()).toBe('12ABC34501DE35');
  });

  it('leaves an address without the parameter alone', () => {
    window.history.replaceState(null, '', '/login?x=1');
    liftDocumentFromUrl();
    expect(window.location.search).toBe('?x=1');
    expect(takePrefill()).toBeNull();
  });
});
