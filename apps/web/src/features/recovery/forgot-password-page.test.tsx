import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { renderApp } from '../../../test/render-app';
import { peekPrefill, setPrefill, takePrefill } from '../../lib/forms/prefill';
import { paths } from '../../lib/navigation/paths';
import { clearRecoveryHandoff, peekRecoveryHandoff } from './recovery-handoff';

const SENT = { id: 'rec-1', email: 'ma***@example.com', telefone: '(11) *****-5678' };

function renderForgot() {
  const user = userEvent.setup();
  return { user, ...renderApp(paths.esqueceuSenha, { session: null }) };
}

function documentInput(): HTMLInputElement {
  return screen.getByLabelText('CPF/CNPJ') as HTMLInputElement;
}

afterEach(() => {
  takePrefill();
  clearRecoveryHandoff();
});

describe('/esqueceu-senha', () => {
  it('starts from the document handed over, and consumes it', async () => {
    setPrefill('52998224725');
    installFakeBff();
    renderForgot();
    expect(await screen.findByRole('heading', { level: 1, name: 'Esqueceu sua senha?' })).toBeTruthy();
    expect(documentInput().value).toBe('529.982.247-25');
    expect(document.title).toBe('Esqueceu sua senha? | Negocia Varejo');
    await waitFor(() => expect(peekPrefill()).toBeNull());
  });

  it('refuses an empty or invalid document and sends nothing', async () => {
    const fake = installFakeBff();
    const { user } = renderForgot();
    await user.click(await screen.findByRole('button', { name: 'Prosseguir' }));
    expect(await screen.findByText('CPF/CNPJ inválido')).toBeTruthy();
    expect(document.activeElement).toBe(documentInput());

    await user.type(documentInput(), '52998224724');
    await user.click(screen.getByRole('button', { name: 'Prosseguir' }));
    expect(screen.getByText('CPF/CNPJ inválido')).toBeTruthy();
    expect(fake.callsTo('recovery.send')).toHaveLength(0);
  });

  it('sends the temporary password and shows where it went on /recuperar-senha', async () => {
    const reply = deferred<typeof SENT>();
    const fake = installFakeBff({ 'recovery.send': () => reply.promise });
    const { user, router } = renderForgot();
    await user.type(await screen.findByLabelText('CPF/CNPJ'), '12abc34501de35');
    await user.click(screen.getByRole('button', { name: 'Prosseguir' }));

    expect(await screen.findByRole('dialog', { name: 'Carregando...' })).toBeTruthy();
    expect(fake.callsTo('recovery.send')).toEqual([
      { path: 'recovery.send', input: { cpfCnpj: '12ABC34501DE35' }, batched: false },
    ]);
    reply.resolve(SENT);

    expect(await screen.findByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.recuperarSenha);
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toBeNull();
    expect(screen.getByText('E-mail enviado para ma***@example.com')).toBeTruthy();
    expect(screen.getByText('SMS enviado para (11) *****-5678')).toBeTruthy();
    expect(peekRecoveryHandoff()).toEqual({ cpfCnpj: '12ABC34501DE35', ...SENT });
  });

  it('shows a refusal in the error modal and stays', async () => {
    installFakeBff({
      'recovery.send': () => {
        throw new FakeTrpcError('BAD_REQUEST', 'CPF/CNPJ não cadastrado.');
      },
    });
    const { user, router } = renderForgot();
    await user.type(await screen.findByLabelText('CPF/CNPJ'), '71460238001');
    await user.click(screen.getByRole('button', { name: 'Prosseguir' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('CPF/CNPJ não cadastrado.');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(router.state.location.pathname).toBe(paths.esqueceuSenha);
    expect(peekRecoveryHandoff()).toBeNull();
  });

  it('goes back to /login with the document typed here', async () => {
    installFakeBff();
    const { user, router } = renderForgot();
    await user.type(await screen.findByLabelText('CPF/CNPJ'), '11144477735');
    await user.click(screen.getByRole('link', { name: 'Voltar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Fazer login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(router.state.location.search).toBe('');
    expect(documentInput().value).toBe('111.444.777-35');
  });

  it('goes back to /login with the document it started from when the field no longer holds a valid one', async () => {
    setPrefill('52998224725');
    installFakeBff();
    const { user } = renderForgot();
    await user.type(await screen.findByLabelText('CPF/CNPJ'), '{Backspace}');
    await user.click(screen.getByRole('link', { name: 'Voltar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Fazer login' })).toBeTruthy();
    expect(documentInput().value).toBe('529.982.247-25');
  });
});
