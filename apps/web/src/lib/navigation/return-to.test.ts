import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturnTo, takeReturnTo } from './return-to';

describe('return-to after sign-in', () => {
  afterEach(() => {
    takeReturnTo('/');
  });

  it('goes back to an interrupted journey page with its query, once', () => {
    rememberReturnTo('/acordos', '?credor=1006&contrato=6011452873');
    expect(takeReturnTo('/minha-conta')).toBe('/acordos?credor=1006&contrato=6011452873');
    expect(takeReturnTo('/minha-conta')).toBe('/minha-conta');
  });

  it('forgets any page that is not a journey page', () => {
    rememberReturnTo('/mais-opcoes/faq');
    expect(takeReturnTo('/minha-conta')).toBe('/minha-conta');
  });

  it('keeps only the latest page', () => {
    rememberReturnTo('/resumo');
    rememberReturnTo('/minha-conta');
    expect(takeReturnTo('/minha-conta')).toBe('/minha-conta');
  });
});
