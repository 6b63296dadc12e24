import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import type { ContractView } from '../api/trpc';
import { paths } from '../navigation/paths';
import { writeConsent } from './consent-cookie';

const CREDITOR = { codcredor: '2', nome: 'Horizonte Lojas', logoUrl: null, sequencial: false };
const CONTRACT: ContractView = {
  contrato: '883104',
  contratoExibido: '883104',
  situacao: 'Contrato em atraso',
  parcelas: 3,
  principalCents: 150000,
  destino: 'negociacao',
  chamarProposta: true,
  chamarDivida: true,
  estado: { tipo: 'aberta' },
};

function forgetConsent() {
  // biome-ignore lint/suspicious/noDocumentCookie: the test resets the consent cookie it may have written
  document.cookie = 'aceito=; path=/; max-age=0';
}

afterEach(forgetConsent);

const views = (fake: ReturnType<typeof installFakeBff>) =>
  fake.callsTo('tracking.view').map((call) => call.input);

describe('the trail of screen views', () => {
  it('sends each page a signed-in user sees, by its trail name', async () => {
    const fake = installFakeBff({ 'account.profile': () => new Promise(() => {}) });
    const user = userEvent.setup();
    renderApp(paths.maisOpcoes, { session: MARIA });
    await waitFor(() => expect(views(fake)).toEqual([{ page: 'mais-opcoes' }]));
    await user.click(await screen.findByRole('link', { name: /Editar perfil/ }));
    await user.click(await screen.findByRole('link', { name: 'Mais opções' }));
    await user.click(await screen.findByRole('link', { name: /FAQ/ }));
    await waitFor(() =>
      expect(views(fake)).toEqual([
        { page: 'mais-opcoes' },
        { page: 'editar-perfil' },
        { page: 'mais-opcoes' },
        { page: 'faq' },
      ]),
    );
  });

  it("records opening a creditor's contracts and choosing one, with the creditor", async () => {
    const fake = installFakeBff({
      'debts.creditors': () => [CREDITOR],
      'negotiation.open': () => ({
        contratos: [CONTRACT, { ...CONTRACT, contrato: '4587120093', contratoExibido: '45***093' }],
        seguinte: null,
      }),
      'negotiation.offers': () => new Promise(() => {}),
    });
    const user = userEvent.setup();
    renderApp(paths.minhaConta, { session: MARIA });
    await user.click(await screen.findByRole('button', { name: 'Ver mais: Horizonte Lojas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Horizonte Lojas' });
    await user.click(await within(dialog).findByRole('button', { name: 'Ver contrato 883104' }));
    await waitFor(() =>
      expect(views(fake)).toEqual([
        { page: 'minha-conta' },
        { page: 'detalhes-contrato', codcredor: '2' },
        { page: 'contrato-escolhido', codcredor: '2' },
        { page: 'negociacao' },
      ]),
    );
  });

  it('sends nothing for a signed-out visitor who has not accepted cookies', async () => {
    const fake = installFakeBff({ 'partners.list': () => [] });
    renderApp(paths.login, { session: null });
    await screen.findByRole('heading', { level: 1 });
    // Give a view the time it would need to go out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(views(fake)).toEqual([]);
  });

  it('sends the pages a visitor who accepted cookies sees, not the signed-in page the guard leaves', async () => {
    writeConsent(true);
    const fake = installFakeBff({ 'auth.options': () => ({ googleClientId: null, googleScriptUrl: null }) });
    const { router } = renderApp(paths.editarPerfil, { session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    await waitFor(() => expect(views(fake)).toEqual([{ page: 'login' }]));
  });

  it('keeps the page working when the trail fails', async () => {
    const fake = installFakeBff({
      'debts.creditors': () => [],
      'tracking.view': () => {
        throw new FakeTrpcError('SERVICE_UNAVAILABLE', 'Ocorreu um erro, tente novamente.');
      },
    });
    renderApp(paths.minhaConta, { session: MARIA });
    expect(
      await screen.findByText('No momento não encontramos contratos em nossa base de parceiros.'),
    ).toBeTruthy();
    expect(views(fake)).toEqual([{ page: 'minha-conta' }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
