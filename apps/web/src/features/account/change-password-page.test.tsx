import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeHandlers, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import { paths } from '../../lib/navigation/paths';

function renderChangePassword(handlers: FakeHandlers = {}) {
  const fake = installFakeBff({
    'account.changePassword': () => ({ message: 'Senha alterada com sucesso.' }),
    'debts.creditors': () => [],
    ...handlers,
  });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(paths.novaSenha, { session: MARIA }) };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  senha: string,
  nova: string,
  confirmacao: string,
) {
  await user.type(await screen.findByLabelText('Senha atual'), senha);
  await user.type(screen.getByLabelText('Nova senha'), nova);
  await user.type(screen.getByLabelText('Confirmar nova senha'), confirmacao);
  await user.click(screen.getByRole('button', { name: 'Salvar' }));
}

describe('/mais-opcoes/nova-senha', () => {
  it('asks for all three fields and sends nothing while one is empty', async () => {
    const { fake, user } = renderChangePassword();
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe a senha atual.')).toBeTruthy();
    expect(screen.getByText('Informe a nova senha.')).toBeTruthy();
    expect(screen.getByText('Confirme a nova senha.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Senha atual'));
    expect(fake.callsTo('account.changePassword')).toHaveLength(0);
  });

  it("says 'As senhas devem ser iguais' and sends nothing when the confirmation differs", async () => {
    const { fake, user } = renderChangePassword();
    await fill(user, 'Demo@2026', 'NovaSenha1', 'NovaSenha2');
    expect(await screen.findByText('As senhas devem ser iguais')).toBeTruthy();
    expect(fake.callsTo('account.changePassword')).toHaveLength(0);
  });

  it('sends the three passwords and goes to Minha conta saying the password changed', async () => {
    const { fake, user, router } = renderChangePassword();
    await fill(user, 'Demo@2026', 'NovaSenha1', 'NovaSenha1');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
    expect(fake.callsTo('account.changePassword').map((call) => call.input)).toEqual([
      { senha: 'Demo@2026', novaSenha: 'NovaSenha1', confirmacao: 'NovaSenha1' },
    ]);
    const notice = await screen.findByText('Sua senha foi alterada.');
    expect(notice.closest('[role="status"]')?.textContent).toBe('Sua senha foi alterada.');
  });

  it("shows the server's message in the error modal and stays", async () => {
    const { user, router } = renderChangePassword({
      'account.changePassword': () => {
        throw new FakeTrpcError('BAD_REQUEST', 'Senha atual incorreta.');
      },
    });
    await fill(user, 'errada123', 'NovaSenha1', 'NovaSenha1');
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Senha atual incorreta.');
    expect(router.state.location.pathname).toBe(paths.novaSenha);
  });
});
