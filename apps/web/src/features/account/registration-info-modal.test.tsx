import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferred, installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import type { CreditorCard } from '../../lib/api/trpc';
import { DESKTOP_QUERY } from '../../lib/browser/media-query';
import { paths } from '../../lib/navigation/paths';

const TITLE = 'Cadastro concluído!';

function openAccount(path: string) {
  const user = userEvent.setup();
  installFakeBff({ 'debts.creditors': () => [] });
  const view = renderApp(path, { session: MARIA });
  return { user, ...view };
}

describe('RegistrationInfoModal (Minha conta after a registration)', () => {
  it('opens on /minha-conta?first=true once the debts have loaded, wide, with where the password went', async () => {
    const creditors = deferred<CreditorCard[]>();
    installFakeBff({ 'debts.creditors': () => creditors.promise });
    renderApp(`${paths.minhaConta}?first=true`, { session: MARIA });

    expect(await screen.findByRole('dialog', { name: 'Buscando dívidas...' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();

    creditors.resolve([]);
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog.getAttribute('data-modal')).toBe('modalInfoCadastro');
    expect(dialog.classList.contains('modal--wide')).toBe(true);
    expect(dialog.textContent).toContain('senha provisória');
    expect(dialog.textContent).toContain('spam');
    expect(dialog.textContent).toContain('Mais opções > Alterar senha');
    expect(screen.queryByRole('dialog', { name: 'Buscando dívidas...' })).toBeNull();
  });

  it("names a way the user can click, on a wide screen too: the header's 'Mais opções', then 'Alterar senha'", async () => {
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
    const { user, router } = openAccount(`${paths.minhaConta}?first=true`);
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog.textContent).toContain('Mais opções > Alterar senha');
    await user.click(within(dialog).getByRole('button', { name: 'Ok, estou ciente.' }));

    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Mais opções' }));
    const tiles = await screen.findByRole('list', { name: 'Opções da conta' });
    await user.click(within(tiles).getByRole('link', { name: /^Alterar senha/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alterar senha' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.novaSenha);
  });

  it('does not open on a plain /minha-conta', async () => {
    openAccount(paths.minhaConta);
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Ok, estou ciente." closes it and takes first=true out of the address, staying on Minha conta', async () => {
    const { user, router } = openAccount(`${paths.minhaConta}?first=true`);
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Ok, estou ciente.' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe(paths.minhaConta);
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Olá, Maria.' })),
    );
  });

  it('closes with Escape too', async () => {
    const { user, router } = openAccount(`${paths.minhaConta}?first=true`);
    await screen.findByRole('dialog', { name: TITLE });
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('"Ir para Alterar a senha" opens the change-password page, and going back does not reopen it', async () => {
    const { user, router } = openAccount(`${paths.minhaConta}?first=true`);
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'Ir para Alterar a senha' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`${paths.maisOpcoes}/nova-senha`));
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.minhaConta);
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
