import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { renderApp } from '../../../test/render-app';
import { clearPrefill } from '../../lib/forms/prefill';
import { paths } from '../../lib/navigation/paths';
import { clearRegistrationDraft, peekRegistrationDraft, saveRegistrationDraft } from './registration-draft';
import { POLICY_SCROLL_CHECK_DELAY_MS } from './registration-policy-page';

const DECLARO = 'Declaro que li e aceito os Termos de Uso e a Política de Privacidade';

/** jsdom lays nothing out: every watched element is reported in view (a page that fits the screen). */
class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], this as never);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', InViewObserver);
});

afterEach(() => {
  vi.useRealTimers();
  clearRegistrationDraft();
  clearPrefill();
});

describe('a registration whose automatic sign-in failed', () => {
  it("says 'Cadastro realizado com sucesso' and its Login button opens /login with the document filled in", async () => {
    saveRegistrationDraft({
      cpfCnpj: '71460238001',
      nome: 'Fernanda Oliveira Souza',
      email: 'fernanda.souza@example.com.br',
      telefone: '41991234567',
      whatsapp: true,
      termosAceitos: true,
    });
    const fake = installFakeBff({
      'registration.register': () => ({ status: 'cadastrado-sem-sessao' as const }),
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { router } = renderApp(paths.politicaCadastro, { session: null });
    act(() => {
      vi.advanceTimersByTime(POLICY_SCROLL_CHECK_DELAY_MS);
    });
    vi.useRealTimers();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: DECLARO }));
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cadastro realizado com sucesso' });
    expect(dialog.getAttribute('data-modal')).toBe('modalCadastroSucesso');
    expect(dialog.textContent).toContain('senha provisória');
    expect(fake.callsTo('registration.register')).toHaveLength(1);
    expect(router.state.location.pathname).toBe(paths.politicaCadastro);
    expect(peekRegistrationDraft()).toBeNull();
    // Only 'Login' leaves it.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Cadastro realizado com sucesso' })).toBe(dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(router.state.location.search).toBe('');
    expect(((await screen.findByLabelText('CPF/CNPJ')) as HTMLInputElement).value).toBe('714.602.380-01');
    expect(fake.callsTo('auth.session')).toHaveLength(0);
  });
});
