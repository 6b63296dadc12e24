import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { renderApp } from '../../../test/render-app';
import { takePrefill } from '../../lib/forms/prefill';
import { paths } from '../../lib/navigation/paths';
import {
  clearRecoveryHandoff,
  peekRecoveryHandoff,
  type RecoveryHandoff,
  setRecoveryHandoff,
} from './recovery-handoff';

const HANDOFF: RecoveryHandoff = {
  cpfCnpj: '52998224725',
  id: 'rec-1',
  email: 'ma***@example.com',
  telefone: '(11) *****-5678',
};

function renderSent(handoff: RecoveryHandoff | null = HANDOFF) {
  if (handoff) setRecoveryHandoff(handoff);
  const user = userEvent.setup();
  return { user, ...renderApp(paths.recuperarSenha, { session: null }) };
}

afterEach(() => {
  takePrefill();
  clearRecoveryHandoff();
});

describe('/recuperar-senha', () => {
  it('sends a visitor who did not come from /esqueceu-senha there', async () => {
    installFakeBff();
    const { router } = renderSent(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Esqueceu sua senha?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.esqueceuSenha);
  });

  it('says where the temporary password went', async () => {
    installFakeBff();
    renderSent();
    expect(await screen.findByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeTruthy();
    expect(screen.getByText(/Enviamos uma nova senha temporária para o e-mail e o celular/)).toBeTruthy();
    expect(screen.getByText('E-mail enviado para ma***@example.com')).toBeTruthy();
    expect(screen.getByText('SMS enviado para (11) *****-5678')).toBeTruthy();
    expect(screen.getByText('Não recebeu?')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('leaves out a contact the BFF did not give', async () => {
    installFakeBff();
    renderSent({ ...HANDOFF, telefone: '' });
    expect(await screen.findByText('E-mail enviado para ma***@example.com')).toBeTruthy();
    expect(screen.queryByText(/SMS enviado para/)).toBeNull();
  });

  it('sends again to the same document, shows the new contacts and announces it', async () => {
    const reply = deferred<{ id: string; email: string; telefone: string }>();
    const fake = installFakeBff({ 'recovery.send': () => reply.promise });
    const { user } = renderSent();
    await user.click(await screen.findByRole('button', { name: 'Enviar novamente' }));

    expect(await screen.findByRole('dialog', { name: 'Carregando...' })).toBeTruthy();
    expect(fake.callsTo('recovery.send').map((call) => call.input)).toEqual([{ cpfCnpj: '52998224725' }]);
    reply.resolve({ id: 'rec-2', email: 'mar***@example.com', telefone: '(11) *****-0000' });

    await waitFor(() =>
      expect(screen.getByText('Enviamos novamente a senha temporária.').getAttribute('aria-live')).toBe(
        'polite',
      ),
    );
    expect(screen.getByText('E-mail enviado para mar***@example.com')).toBeTruthy();
    expect(screen.getByText('SMS enviado para (11) *****-0000')).toBeTruthy();
    expect(peekRecoveryHandoff()).toEqual({
      cpfCnpj: '52998224725',
      id: 'rec-2',
      email: 'mar***@example.com',
      telefone: '(11) *****-0000',
    });
  });

  it('shows a refused resend (e.g. too many) in the error modal and keeps the page', async () => {
    const tooMany = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
    installFakeBff({
      'recovery.send': () => {
        throw new FakeTrpcError('BAD_REQUEST', tooMany);
      },
    });
    const { user } = renderSent();
    const resend = await screen.findByRole('button', { name: 'Enviar novamente' });
    await user.click(resend);

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(tooMany);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(document.activeElement).toBe(resend);
    expect(screen.getByText('E-mail enviado para ma***@example.com')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('goes to /login with the document, and forgets the contacts', async () => {
    installFakeBff();
    const { user, router } = renderSent();
    await user.click(await screen.findByRole('link', { name: 'Ir para login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Fazer login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(router.state.location.search).toBe('');
    expect((screen.getByLabelText('CPF/CNPJ') as HTMLInputElement).value).toBe('529.982.247-25');
    expect(peekRecoveryHandoff()).toBeNull();
  });

  it('goes back to /esqueceu-senha with the document', async () => {
    installFakeBff();
    const { user, router } = renderSent();
    await screen.findByRole('heading', { level: 1, name: 'Recuperar senha' });
    await user.click(screen.getByRole('link', { name: 'Voltar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Esqueceu sua senha?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.esqueceuSenha);
    expect((screen.getByLabelText('CPF/CNPJ') as HTMLInputElement).value).toBe('529.982.247-25');
  });
});
