import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import { DESKTOP_QUERY } from '../../lib/browser/media-query';
import { paths, routesWithAccess, routeTable } from '../../lib/navigation/paths';

/** A screen at least 768 px wide (tablets and desktops); without it the tests see a phone. */
function onWideScreen() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === DESKTOP_QUERY,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const accountNav = async () =>
  within(await screen.findByRole('banner')).getByRole('navigation', { name: 'Conta' });

describe('AccountHeader', () => {
  it.each(routesWithAccess('private'))(
    "offers 'Minha conta', 'Mais opções', 'Verificar boleto ou PIX' and 'Sair' on a wide screen, on %s too",
    async (name) => {
      onWideScreen();
      installFakeBff({ 'debts.creditors': () => [] });
      renderApp(routeTable[name].path, { session: MARIA });
      const nav = await accountNav();
      const items = Array.from(nav.querySelectorAll('a, button'), (item) => [
        item.textContent,
        item.getAttribute('href'),
      ]);
      expect(items).toEqual([
        ['Minha conta', paths.minhaConta],
        ['Mais opções', paths.maisOpcoes],
        ['Verificar boleto ou PIX', paths.verificar],
        ['Sair', null],
      ]);
    },
  );

  it("takes the user from Minha conta to 'Mais opções' and marks where they are", async () => {
    onWideScreen();
    const user = userEvent.setup();
    installFakeBff({ 'debts.creditors': () => [] });
    const { router } = renderApp(paths.minhaConta, { session: MARIA });
    const nav = await accountNav();
    await user.click(within(nav).getByRole('link', { name: 'Mais opções' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mais opções' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.maisOpcoes);
    expect(within(nav).getByRole('link', { name: 'Mais opções' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Minha conta' }).hasAttribute('aria-current')).toBe(false);
  });

  it("keeps 'Mais opções' marked on its sub-pages, so the user knows which part of the account is open", async () => {
    onWideScreen();
    installFakeBff();
    renderApp(paths.faq, { session: MARIA });
    const nav = await accountNav();
    await screen.findByRole('heading', { level: 1, name: 'Perguntas frequentes' });
    expect(within(nav).getByRole('link', { name: 'Mais opções' }).classList.contains('active')).toBe(true);
    expect(within(nav).getByRole('link', { name: 'Minha conta' }).classList.contains('active')).toBe(false);
  });

  it("on a phone keeps the bar short and puts 'Mais opções' in the side menu", async () => {
    const user = userEvent.setup();
    installFakeBff({ 'debts.creditors': () => [] });
    const { router } = renderApp(paths.minhaConta, { session: MARIA });
    const header = await screen.findByRole('banner');
    expect(within(header).queryByRole('navigation', { name: 'Conta' })).toBeNull();
    await user.click(within(header).getByRole('button', { name: 'Abrir menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('link', { name: 'Mais opções' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.maisOpcoes));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });

  it("leads to 'Verificar boleto ou PIX' from the side menu on a phone", async () => {
    const user = userEvent.setup();
    installFakeBff({ 'debts.creditors': () => [] });
    const { router } = renderApp(paths.minhaConta, { session: MARIA });
    const header = await screen.findByRole('banner');
    await user.click(within(header).getByRole('button', { name: 'Abrir menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const items = Array.from(
      within(menu).getByRole('navigation', { name: 'Conta' }).querySelectorAll('a, button'),
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Minha conta',
      'Mais opções',
      'Verificar boleto ou PIX',
      'Sair',
    ]);
    await user.click(within(menu).getByRole('link', { name: 'Verificar boleto ou PIX' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Verificar boleto ou PIX' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.verificar);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});
