import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { deferred, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { renderApp } from '../../../test/render-app';
import type { SessionView } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';
import {
  clearRegistrationDraft,
  peekRegistrationDraft,
  type RegistrationDraft,
  saveRegistrationDraft,
} from './registration-draft';
import { POLICY_SCROLL_CHECK_DELAY_MS } from './registration-policy-page';

const DECLARO = 'Declaro que li e aceito os Termos de Uso e a Política de Privacidade';
const NOTIFICACOES = 'Aceito receber notificações de promoções e ofertas.';
const SCROLL_HINT = 'Role o texto até o final para habilitar o aceite.';

const DRAFT: RegistrationDraft = {
  cpfCnpj: '71460238001',
  nome: 'Fernanda Oliveira Souza',
  email: 'fernanda.souza@example.com.br',
  telefone: '41991234567',
  whatsapp: true,
  termosAceitos: true,
};

const FERNANDA: SessionView = {
  nome: 'Fernanda Oliveira Souza',
  primeiroNome: 'Fernanda',
  nomeCurto: 'Fernanda Oliveira',
  documento: '714.602.380-01',
  tipoDocumento: 'CPF',
  empresa: false,
};

/**
 * jsdom lays nothing out, so the viewport is simulated: IntersectionObserver reports every watched element
 * (the end of the text, the checkboxes) as in view when the page fits the screen or has been scrolled to
 * its bottom, and as out of view otherwise. Like the real one, it reports the current state on observe().
 */
const viewport = {
  atBottom: false,
  observers: new Set<FakeIntersectionObserver>(),
  scrollToBottom() {
    this.atBottom = true;
    act(() => {
      for (const observer of this.observers) observer.report();
    });
  },
};

class FakeIntersectionObserver {
  private readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.targets.add(target);
    viewport.observers.add(this);
    this.report([target]);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    viewport.observers.delete(this);
  }
  takeRecords() {
    return [];
  }
  report(targets: Iterable<Element> = this.targets) {
    const entries = [...targets].map(
      (target) => ({ target, isIntersecting: viewport.atBottom }) as IntersectionObserverEntry,
    );
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

beforeEach(() => {
  viewport.atBottom = false;
  viewport.observers.clear();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(() => {
  vi.useRealTimers();
  clearRegistrationDraft();
});

interface OpenOptions {
  /** The whole page fits the screen: no scroll needed. */
  short?: boolean;
  /** Leaves the clock at mount time (fake timers still on) instead of past the 900 ms check. */
  stopBeforeCheck?: boolean;
  handlers?: Parameters<typeof installFakeBff>[0];
}

function openPolicyStep({ short = false, stopBeforeCheck = false, handlers = {} }: OpenOptions = {}) {
  saveRegistrationDraft(DRAFT);
  viewport.atBottom = short;
  const fake = installFakeBff(handlers);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const view = renderApp(paths.politicaCadastro, { session: null });
  if (!stopBeforeCheck) passTheScrollCheck();
  return { fake, ...view };
}

/** Runs the clock to the 900 ms check, then back to real time (userEvent, tRPC and waitFor need it). */
function passTheScrollCheck() {
  act(() => {
    vi.advanceTimersByTime(POLICY_SCROLL_CHECK_DELAY_MS);
  });
  vi.useRealTimers();
}

const declaro = () => screen.getByRole('checkbox', { name: DECLARO }) as HTMLInputElement;
const notificacoes = () => screen.getByRole('checkbox', { name: NOTIFICACOES }) as HTMLInputElement;
const cadastrar = () => screen.getByRole('button', { name: 'Cadastrar' }) as HTMLButtonElement;

describe('RegistrationPolicyPage (/politica-cadastro)', () => {
  it('sends a visitor without registration data back to /cadastro', async () => {
    installFakeBff();
    const { router } = renderApp(paths.politicaCadastro, { session: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quase lá' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.cadastro);
  });

  it('shows the privacy policy with the declaration disabled and explained until the text is read', () => {
    openPolicyStep();
    expect(screen.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeTruthy();
    expect(document.title).toBe('Política de Privacidade | Negocia Varejo');
    expect(declaro().disabled).toBe(true);
    expect(declaro().getAttribute('aria-describedby')).toBe(screen.getByText(SCROLL_HINT).id);
    expect(notificacoes().disabled).toBe(false);
    expect(notificacoes().checked).toBe(false);
    expect(cadastrar().disabled).toBe(true);
  });

  it('links the terms of use its declaration accepts, in a new tab so the step is not lost', () => {
    openPolicyStep();
    const terms = screen.getByRole('link', { name: 'Ler os Termos de Uso (abre em nova aba)' });
    expect(terms.getAttribute('href')).toBe(paths.termosGerais);
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(terms.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('enables the declaration once the page is scrolled to its end', () => {
    openPolicyStep();
    expect(declaro().disabled).toBe(true);

    viewport.scrollToBottom();
    expect(declaro().disabled).toBe(false);
    expect(declaro().hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText(SCROLL_HINT)).toBeNull();
  });

  it('enables the declaration of a short page at the 900 ms check, not before', () => {
    openPolicyStep({ short: true, stopBeforeCheck: true });
    act(() => {
      vi.advanceTimersByTime(POLICY_SCROLL_CHECK_DELAY_MS - 1);
    });
    expect(declaro().disabled).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(declaro().disabled).toBe(false);
  });

  it('offers "Rolar para baixo" on a long page, which takes the user to the checkboxes', async () => {
    // jsdom has no scrollIntoView: record where the page would scroll to.
    const scrollIntoView = vi.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, value: scrollIntoView });
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    openPolicyStep();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Rolar para baixo' }));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    const target = scrollIntoView.mock.contexts[0] as Element;
    expect(target.contains(declaro()) && target.contains(cadastrar())).toBe(true);
    expect(document.activeElement).toBe(notificacoes());

    viewport.scrollToBottom();
    expect(screen.queryByRole('button', { name: 'Rolar para baixo' })).toBeNull();
  });

  it('has no "Rolar para baixo" when the page fits the screen', () => {
    openPolicyStep({ short: true });
    expect(screen.queryByRole('button', { name: 'Rolar para baixo' })).toBeNull();
  });

  it('keeps "Cadastrar" disabled until the declaration is ticked', async () => {
    openPolicyStep({ short: true });
    const user = userEvent.setup();
    expect(cadastrar().disabled).toBe(true);
    await user.click(notificacoes());
    expect(cadastrar().disabled).toBe(true);
    await user.click(declaro());
    expect(cadastrar().disabled).toBe(false);
    await user.click(declaro());
    expect(cadastrar().disabled).toBe(true);
  });

  it('registers without marketing notifications when that box stays unticked, then opens Minha conta', async () => {
    const { fake, router } = openPolicyStep({
      short: true,
      handlers: { 'registration.register': () => FERNANDA, 'debts.creditors': () => [] },
    });
    const user = userEvent.setup();
    await user.click(declaro());
    await user.click(cadastrar());

    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Fernanda.' })).toBeTruthy();
    expect(fake.callsTo('registration.register').map((call) => call.input)).toEqual([
      {
        cpfCnpj: '71460238001',
        nome: 'Fernanda Oliveira Souza',
        email: 'fernanda.souza@example.com.br',
        telefone: '41991234567',
        whatsapp: true,
        notificacao: false,
      },
    ]);
    expect(router.state.location.pathname).toBe(paths.minhaConta);
    expect(router.state.location.search).toBe('?first=true');
    expect(peekRegistrationDraft()).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Cadastro concluído!' })).toBeTruthy();
    expect(fake.callsTo('auth.session')).toHaveLength(0);
    // The policy step leaves the history: going back does not land on it.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('registers with marketing notifications when that box is ticked, behind "Carregando..."', async () => {
    const reply = deferred<SessionView>();
    const { fake } = openPolicyStep({
      short: true,
      handlers: { 'registration.register': () => reply.promise, 'debts.creditors': () => [] },
    });
    const user = userEvent.setup();
    await user.click(notificacoes());
    await user.click(declaro());
    await user.click(cadastrar());

    expect(await screen.findByRole('dialog', { name: 'Carregando...' })).toBeTruthy();
    await waitFor(() => expect(fake.callsTo('registration.register')).toHaveLength(1));
    expect(fake.callsTo('registration.register')[0]?.input).toMatchObject({ notificacao: true });

    reply.resolve(FERNANDA);
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Fernanda.' })).toBeTruthy();
  });

  it('shows a refused registration in the error modal and keeps the draft', async () => {
    const refused = 'CPF/CNPJ já cadastrado. Faça login ou recupere a sua senha.';
    const { router } = openPolicyStep({
      short: true,
      handlers: {
        'registration.register': () => {
          throw new FakeTrpcError('BAD_REQUEST', refused);
        },
      },
    });
    const user = userEvent.setup();
    await user.click(declaro());
    await user.click(cadastrar());

    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText(refused)).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Fechar' }));
    expect(router.state.location.pathname).toBe(paths.politicaCadastro);
    expect(peekRegistrationDraft()).toEqual(DRAFT);
    expect(declaro().checked).toBe(true);
  });

  it('goes back to /cadastro with the form refilled from the draft', async () => {
    const { router } = openPolicyStep();
    const user = userEvent.setup();
    const back = screen.getByRole('link', { name: 'Voltar' });
    expect(back.getAttribute('href')).toBe(paths.cadastro);
    await user.click(back);

    expect(await screen.findByRole('heading', { level: 1, name: 'Quase lá' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.cadastro);
    expect((screen.getByLabelText('Nome Completo') as HTMLInputElement).value).toBe(
      'Fernanda Oliveira Souza',
    );
    expect(peekRegistrationDraft()).toEqual(DRAFT);
  });
});
