import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferred, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { PARTNERS, renderHome, setConsentCookie } from '../../../test/render-home';
import { nextPartnerCount } from './partner-cards';

beforeEach(() => setConsentCookie('true'));
afterEach(() => setConsentCookie(null));

async function partnersSection() {
  return screen.findByRole('region', { name: 'Empresas parceiras' });
}

function logos(section: HTMLElement) {
  return within(section).queryAllByRole('img');
}

describe('the partner logos', () => {
  it('shows five, then ten, then all twelve with "Ocultar", then five again', async () => {
    const user = userEvent.setup();
    installFakeBff({ 'partners.list': () => PARTNERS });
    renderHome();
    const section = await partnersSection();
    await within(section).findAllByRole('img');
    expect(logos(section).map((img) => img.getAttribute('alt'))).toEqual([
      'Parceiro 1',
      'Parceiro 2',
      'Parceiro 3',
      'Parceiro 4',
      'Parceiro 5',
    ]);
    expect(logos(section)[0]?.getAttribute('src')).toBe('/api/logos/parceiro-1.svg');

    const toggle = within(section).getByRole('button', { name: 'Ver mais' });
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list?.tagName).toBe('UL');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(logos(section)).toHaveLength(10);
    expect(toggle.textContent).toBe('Ver mais');
    expect(within(section).getByRole('status').textContent).toBe('Mostrando 10 de 12 empresas parceiras.');

    await user.click(toggle);
    expect(logos(section)).toHaveLength(12);
    expect(toggle.textContent).toBe('Ocultar');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.click(toggle);
    expect(logos(section)).toHaveLength(5);
    expect(toggle.textContent).toBe('Ver mais');
    expect(document.activeElement).toBe(toggle);
  });

  it('offers no toggle with five partners or fewer', async () => {
    installFakeBff({ 'partners.list': () => PARTNERS.slice(0, 5) });
    renderHome();
    const section = await partnersSection();
    await within(section).findAllByRole('img');
    expect(logos(section)).toHaveLength(5);
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('writes the name of a partner without a logo', async () => {
    installFakeBff({
      'partners.list': () => [{ nome: 'Onda Telecom', logoUrl: null }, ...PARTNERS.slice(0, 2)],
    });
    renderHome();
    const section = await partnersSection();
    expect(await within(section).findByText('Onda Telecom')).toBeTruthy();
    expect(logos(section)).toHaveLength(2);
  });

  it('says it is loading while the list is on its way', async () => {
    const answer = deferred<typeof PARTNERS>();
    installFakeBff({ 'partners.list': () => answer.promise });
    renderHome();
    const section = await partnersSection();
    expect(within(section).getByRole('status').textContent).toBe('Carregando empresas parceiras...');
    answer.resolve(PARTNERS);
    expect(await within(section).findAllByRole('img')).toHaveLength(5);
    expect(within(section).getByRole('status').textContent).toBe('');
  });

  it('says when the list could not be loaded and tries again on request', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    installFakeBff({
      'partners.list': () => {
        attempts += 1;
        if (attempts === 1) throw new FakeTrpcError('BAD_GATEWAY', 'Erro de timeout');
        return PARTNERS;
      },
    });
    renderHome();
    const section = await partnersSection();
    expect(
      await within(section).findByText('Não foi possível carregar as empresas parceiras agora.'),
    ).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(section).findAllByRole('img')).toHaveLength(5);
    expect(within(section).queryByText(/Não foi possível/)).toBeNull();
    expect(attempts).toBe(2);
  });
});

describe('nextPartnerCount', () => {
  it('adds five up to the total, then goes back to five', () => {
    expect(nextPartnerCount(5, 12)).toBe(10);
    expect(nextPartnerCount(10, 12)).toBe(12);
    expect(nextPartnerCount(12, 12)).toBe(5);
    expect(nextPartnerCount(5, 10)).toBe(10);
    expect(nextPartnerCount(10, 10)).toBe(5);
  });
});
