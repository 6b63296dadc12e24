import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { renderApp } from '../../../test/render-app';
import { paths } from '../../lib/navigation/paths';

const LINK = `${paths.novaSenhaPb}?id=rec-1&codigo=c0d1g0`;
const RULE = 'A senha deve ter ao menos 8 caracteres, com letras e números.';

function renderReset(path = LINK) {
  const user = userEvent.setup();
  const view = renderApp(path, { session: null });
  return {
    user,
    ...view,
    newPassword: async () =>
      (await screen.findByLabelText('Nova senha', { selector: 'input' })) as HTMLInputElement,
    confirmation: () => screen.getByLabelText('Confirmar senha', { selector: 'input' }) as HTMLInputElement,
    save: () => screen.getByRole('button', { name: 'Salvar' }),
  };
}

describe('/nova-senha-pb', () => {
  it('takes the id and the code out of the address at once, replacing the history entry', async () => {
    installFakeBff();
    const { router, newPassword } = renderReset();
    expect(await newPassword()).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(paths.novaSenhaPb);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeTruthy();
  });

  it('explains that a link without id or code is invalid, with a way to ask for a new one', async () => {
    installFakeBff();
    renderReset(`${paths.novaSenhaPb}?id=rec-1`);
    expect(await screen.findByText(/link de recuperação de senha é inválido ou expirou/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' }).getAttribute('href')).toBe(
      paths.esqueceuSenha,
    );
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.queryByLabelText('Nova senha', { selector: 'input' })).toBeNull();
  });

  it('requires both fields and sends nothing', async () => {
    const fake = installFakeBff();
    const { user, save, newPassword } = renderReset();
    const input = await newPassword();
    await user.click(save());
    expect(await screen.findByText('Informe a senha.')).toBeTruthy();
    expect(screen.getByText('Confirme a nova senha.')).toBeTruthy();
    expect(document.activeElement).toBe(input);
    expect(fake.callsTo('recovery.reset')).toHaveLength(0);
  });

  it('refuses a password without letters and digits, by the shared rule', async () => {
    const fake = installFakeBff();
    const { user, save, newPassword, confirmation } = renderReset();
    await user.type(await newPassword(), 'somenteletras');
    await user.type(confirmation(), 'somenteletras');
    await user.click(save());
    expect(await screen.findByText(RULE)).toBeTruthy();
    expect(fake.callsTo('recovery.reset')).toHaveLength(0);
  });

  it('says the passwords must be equal and sends nothing when they differ', async () => {
    const fake = installFakeBff();
    const { user, save, newPassword, confirmation } = renderReset();
    await user.type(await newPassword(), 'NovaSenha2026');
    await user.type(confirmation(), 'OutraSenha2026');
    await user.click(save());

    const error = await screen.findByText('As senhas devem ser iguais');
    expect(confirmation().getAttribute('aria-describedby')).toBe(error.id);
    expect(fake.callsTo('recovery.reset')).toHaveLength(0);
  });

  it('saves the new password with the link, then offers the way to /login', async () => {
    const fake = installFakeBff({ 'recovery.reset': () => ({ ok: true }) });
    const { user, router, save, newPassword, confirmation } = renderReset();
    await user.type(await newPassword(), 'NovaSenha2026');
    await user.type(confirmation(), 'NovaSenha2026');
    await user.click(save());

    const done = await screen.findByRole('dialog', { name: 'Senha alterada com sucesso' });
    expect(done.getAttribute('data-modal')).toBe('modalSuccess');
    expect(fake.callsTo('recovery.reset').map((call) => call.input)).toEqual([
      { id: 'rec-1', codigo: 'c0d1g0', novaSenha: 'NovaSenha2026', confirmacao: 'NovaSenha2026' },
    ]);

    await user.click(within(done).getByRole('button', { name: 'Ir para login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fazer login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.login);
  });

  it('shows a refusal (e.g. an expired link) in the error modal', async () => {
    installFakeBff({
      'recovery.reset': () => {
        throw new FakeTrpcError('BAD_REQUEST', 'Link de recuperação inválido ou expirado.');
      },
    });
    const { user, save, newPassword, confirmation } = renderReset();
    await user.type(await newPassword(), 'NovaSenha2026');
    await user.type(confirmation(), 'NovaSenha2026');
    await user.click(save());

    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'Link de recuperação inválido ou expirado.',
    );
    expect(screen.queryByRole('dialog', { name: 'Senha alterada com sucesso' })).toBeNull();
  });
});
