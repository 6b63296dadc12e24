import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeBff } from '../../test/fake-bff';
import { MARIA, renderApp } from '../../test/render-app';
import { paths } from '../lib/navigation/paths';
import { takeReturnTo } from '../lib/navigation/return-to';

describe('route guard', () => {
  it('sends a signed-out visitor from /minha-conta to the start page', async () => {
    installFakeBff();
    const { router } = renderApp(paths.minhaConta, { session: null });
    expect(await screen.findByRole('button', { name: 'Consultar grátis' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.home);
  });

  it('sends a signed-in user from /login to /minha-conta', async () => {
    installFakeBff({ 'debts.creditors': () => [] });
    const { router } = renderApp(paths.login, { session: MARIA });
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.minhaConta);
  });

  it.each([
    paths.acordos,
    paths.negociacao,
    paths.propostas,
    paths.resumo,
    paths.acordoConcluido,
    paths.reemissaoConcluida,
    paths.erroEfetivacao,
    paths.maisOpcoes,
    paths.novaSenha,
    paths.faq,
    paths.sobre,
    paths.notificacoes,
    paths.politica,
  ])('sends a signed-out visitor from %s to the start page', async (path) => {
    installFakeBff();
    const { router } = renderApp(path, { session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
  });

  it('sends a signed-out visitor from the edit-profile page to login, and back there after signing in', async () => {
    installFakeBff({ 'auth.options': () => ({ googleClientId: null, googleScriptUrl: null }) });
    const { router } = renderApp(paths.editarPerfil, { session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(takeReturnTo(paths.minhaConta)).toBe(paths.editarPerfil);
  });

  it.each([paths.home, paths.cadastro, paths.recuperarSenha, paths.esqueceuSenha, paths.novaSenhaPb])(
    'sends a signed-in user from %s to /minha-conta',
    async (path) => {
      installFakeBff({ 'debts.creditors': () => [] });
      const { router } = renderApp(path, { session: MARIA });
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
    },
  );

  it('shows only a loading state while the session is unknown, then the page', async () => {
    let answerSession: (value: null) => void = () => {};
    const fake = installFakeBff({
      'auth.session': () =>
        new Promise<null>((resolve) => {
          answerSession = resolve;
        }),
    });
    renderApp(paths.minhaConta);

    expect(screen.getByRole('status').textContent).toBe('Carregando...');
    expect(screen.queryByRole('main')).toBeNull();
    await waitFor(() => expect(fake.callsTo('auth.session')).toHaveLength(1));

    answerSession(null);
    expect(await screen.findByRole('button', { name: 'Consultar grátis' })).toBeTruthy();
  });

  it('asks the BFF for the session once when the app starts', async () => {
    const fake = installFakeBff({ 'auth.session': () => MARIA, 'debts.creditors': () => [] });
    renderApp(paths.home);
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
    expect(fake.callsTo('auth.session')).toHaveLength(1);
  });

  it('shows "Página não encontrada" with a link to the start for an unknown address', async () => {
    installFakeBff();
    renderApp('/nao-existe', { session: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir para o início' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Página não encontrada | Negocia Varejo');
  });
});
