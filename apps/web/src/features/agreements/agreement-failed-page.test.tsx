import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import { paths } from '../../lib/navigation/paths';

/** As the summary comes here: with the creditor's code in the navigation state. */
function renderFailed() {
  const fake = installFakeBff({ 'debts.creditors': () => [] });
  const user = userEvent.setup();
  const view = renderApp(paths.maisOpcoes, { session: MARIA });
  void view.router.navigate(paths.erroEfetivacao, { replace: true, state: { codCredor: '1004' } });
  return { fake, user, ...view };
}

describe('/erro-efetivacao', () => {
  it('apologises and says an attendant will be in touch within 24 business hours', async () => {
    const { fake } = renderFailed();
    expect(await screen.findByRole('heading', { level: 1, name: 'Encontramos um problema!' })).toBeTruthy();
    expect(screen.getByText('Desculpe, encontramos um problema na efetivação do seu acordo.')).toBeTruthy();
    expect(screen.getByText(/entrará em contato com você em até 24 horas úteis pelos canais/)).toBeTruthy();
    // the title follows the page in an effect: a busy machine may not have run it yet
    await waitFor(() => expect(document.title).toBe('Encontramos um problema! | Negocia Varejo'));
    // Nothing to load: the page asks the BFF for nothing but records the view in the trail.
    await waitFor(() =>
      expect(fake.callsTo('tracking.view').map((call) => call.input)).toContainEqual({
        page: 'erro-efetivacao',
      }),
    );
    expect(new Set(fake.calls.map((call) => call.path))).toEqual(new Set(['tracking.view']));
  });

  it('offers the service centre by phone/WhatsApp and e-mail, with its hours', async () => {
    renderFailed();
    const main = within(await screen.findByRole('main'));
    await main.findByRole('heading', { level: 1, name: 'Encontramos um problema!' });
    const contacts = within(main.getByRole('region', { name: /fale com a nossa central de atendimento/ }));
    const phone = contacts.getByRole('link', { name: '0800 000 3634' });
    expect(phone.getAttribute('href')).toBe('tel:08000003634');
    expect(phone.parentElement?.textContent).toBe('Telefone e WhatsApp: 0800 000 3634');
    const mail = contacts.getByRole('link', { name: 'atendimento@negociavarejo.example' });
    expect(mail.getAttribute('href')).toBe('mailto:atendimento@negociavarejo.example');
    expect(
      contacts.getByText(
        'Atendimento: Segunda a sexta, das 9h às 21h, e sábado, das 9h às 13h (horário de Brasília)',
      ),
    ).toBeTruthy();
  });

  it('goes to Minha conta', async () => {
    const { user, router } = renderFailed();
    await user.click(await screen.findByRole('link', { name: 'Ir para Minha Conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
  });

  it.each([
    ['without a navigation state', undefined],
    ['with a state that is not the summary’s', { aviso: 'Seus dados foram atualizados.' }],
  ])('opened %s (no agreement failed), claims no failure and shows Minha conta', async (_, state) => {
    installFakeBff({ 'debts.creditors': () => [] });
    const view = renderApp(paths.maisOpcoes, { session: MARIA });
    await view.router.navigate(paths.erroEfetivacao, { state });

    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe(paths.minhaConta);
    expect(screen.queryByText('Encontramos um problema!')).toBeNull();
    expect(screen.queryByText(/problema na efetivação/)).toBeNull();
    // replaced: Back does not come to the failure page
    expect(view.router.state.historyAction).toBe('REPLACE');
  });

  it('opened as the first page of the visit, goes to Minha conta', async () => {
    installFakeBff({ 'debts.creditors': () => [] });
    const { router } = renderApp(paths.erroEfetivacao, { session: MARIA });
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.minhaConta);
  });
});
