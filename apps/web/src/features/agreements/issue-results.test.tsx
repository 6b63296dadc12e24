import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeHandlers, installFakeBff } from '../../../test/fake-bff';
import { concluded, inProgress } from '../../../test/fixtures/agreements';
import { MARIA, renderApp } from '../../../test/render-app';
import { agreementsHref } from '../../lib/navigation/journey-links';
import { paths } from '../../lib/navigation/paths';
import { NOTHING_TO_ISSUE } from './agreements-page';

// A boleto issue answered with no boletos: the BFF has forgotten the agreement, and the user is told so,
// then goes home.

function render(path: string, handlers: FakeHandlers) {
  const fake = installFakeBff({ 'debts.creditors': () => [], ...handlers });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(path, { session: MARIA }) };
}

describe('a boleto issue with nothing left to issue', () => {
  it("on /acordos, 'Gerar pagamento' says so, and its 'Ir para Minha Conta' leads there", async () => {
    const link = agreementsHref({ codcredor: '1', contrato: '5521009', logoUrl: '/api/logos/ipe.svg' });
    const { user, router } = render(link, {
      'agreements.inProgress': () => inProgress(),
      'agreements.reissue': () => ({ status: 'sem-boletos' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Gerar pagamento da parcela 4' }));
    const notice = await screen.findByRole('alertdialog', { name: NOTHING_TO_ISSUE });
    expect(router.state.location.pathname).toBe(paths.acordos);
    await user.click(within(notice).getByRole('button', { name: 'Ir para Minha Conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
  });

  it("on the concluded page, a send says nothing was left to send, not that it was sent, then 'Ir para Minha Conta'", async () => {
    let kept: ReturnType<typeof concluded> | null = concluded();
    const { user, router } = render(paths.acordoConcluido, {
      'agreements.concluded': () => kept,
      'agreements.send': () => {
        kept = null;
        return { ok: false, message: 'Não há boletos a emitir para este acordo. Consulte Minha Conta.' };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Enviar por e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Digite seu e-mail' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'maria@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const notice = await screen.findByRole('alertdialog', { name: 'Nada a enviar' });
    expect(notice.textContent).toContain('Não há boletos a emitir para este acordo. Consulte Minha Conta.');
    expect(screen.queryByText('Enviado')).toBeNull();
    expect(router.state.location.pathname).toBe(paths.acordoConcluido);
    await user.click(within(notice).getByRole('button', { name: 'Ir para Minha Conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
  });
});
