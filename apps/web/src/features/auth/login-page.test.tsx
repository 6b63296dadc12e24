import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import type {
  GoogleButtonConfiguration,
  GoogleIdConfiguration,
  GoogleIdentity,
} from '../../lib/browser/google-identity';
import { loadGoogleIdentity } from '../../lib/browser/google-identity';
import { setPrefill, takePrefill } from '../../lib/forms/prefill';
import { paths } from '../../lib/navigation/paths';
import { rememberReturnTo, takeReturnTo } from '../../lib/navigation/return-to';

vi.mock('../../lib/browser/google-identity', () => ({ loadGoogleIdentity: vi.fn() }));
// The real prefill with spies on it. Not an async factory: the pages render-app.tsx loads together could
// each run it and get a setPrefill of their own.
vi.mock('../../lib/forms/prefill', { spy: true });

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
const QUESTION = 'Qual o nome da cidade onde você nasceu?';
const WRONG_ANSWER = 'Resposta incorreta. Verifique e tente novamente.';
const EXPIRED = 'A verificação expirou. Informe seu CPF/CNPJ para receber uma nova pergunta.';

/** Stands in for Google Identity Services: its button hands a credential to the registered callback. */
function fakeGoogle(credential = 'google-id-token') {
  let configuration: GoogleIdConfiguration | null = null;
  const identity = {
    initialize: vi.fn((given: GoogleIdConfiguration) => {
      configuration = given;
    }),
    renderButton: vi.fn((parent: HTMLElement, _options: GoogleButtonConfiguration) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Fazer login com o Google';
      button.addEventListener('click', () => configuration?.callback({ credential, select_by: 'btn' }));
      parent.replaceChildren(button);
    }),
    prompt: vi.fn(),
    cancel: vi.fn(),
  } satisfies GoogleIdentity;
  vi.mocked(loadGoogleIdentity).mockResolvedValue(identity);
  return identity;
}

const withGoogle = { googleClientId: 'portal.apps.googleusercontent.com', googleScriptUrl: GOOGLE_SCRIPT };
const withoutGoogle = { googleClientId: null, googleScriptUrl: null };

function renderLogin() {
  const user = userEvent.setup();
  const view = renderApp(paths.login, { session: null });
  return { user, ...view };
}

async function typeDocument(user: ReturnType<typeof userEvent.setup>, document: string) {
  await user.type(await screen.findByLabelText('CPF/CNPJ'), document);
}

beforeEach(() => {
  vi.mocked(loadGoogleIdentity).mockRejectedValue(new Error('unreachable'));
});

afterEach(() => {
  takePrefill();
  takeReturnTo('/');
});

describe('/login links', () => {
  it('takes a valid typed document to /esqueceu-senha in memory, never in the address', async () => {
    installFakeBff({ 'auth.options': () => withoutGoogle });
    const { user, router } = renderLogin();
    await typeDocument(user, '52998224725');
    await user.click(screen.getByRole('link', { name: 'Esqueci minha senha' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Esqueceu sua senha?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.esqueceuSenha);
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toBeNull();
    expect((screen.getByLabelText('CPF/CNPJ') as HTMLInputElement).value).toBe('529.982.247-25');
  });

  it('leaves an invalid document behind when going to /esqueceu-senha', async () => {
    installFakeBff({ 'auth.options': () => withoutGoogle });
    const { user } = renderLogin();
    await typeDocument(user, '52998224724');
    await user.click(screen.getByRole('link', { name: 'Esqueci minha senha' }));

    await screen.findByRole('heading', { level: 1, name: 'Esqueceu sua senha?' });
    expect((screen.getByLabelText('CPF/CNPJ') as HTMLInputElement).value).toBe('');
    expect(setPrefill).not.toHaveBeenCalled();
  });

  it('offers registration, handing the typed document over', async () => {
    installFakeBff({ 'auth.options': () => withoutGoogle });
    const { user, router } = renderLogin();
    await typeDocument(user, '12abc34501de35');
    const link = screen.getByRole('link', { name: 'Cadastre-se' });
    expect(link.closest('p')?.textContent).toBe('Ainda não tem cadastro? Cadastre-se');
    await user.click(link);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.cadastro));
    expect(router.state.location.search).toBe('');
    expect(setPrefill).toHaveBeenCalledWith('12ABC34501DE35');
  });
});

describe('/login with the password', () => {
  it('lands on the interrupted journey page after signing in', async () => {
    const fake = installFakeBff({
      'auth.options': () => withoutGoogle,
      'auth.signIn': () => ({ ...MARIA, primeiraTela: null }),
      // the agreement stays loading: the test is about where the user lands
      'agreements.inProgress': () => new Promise(() => {}),
    });
    rememberReturnTo('/acordos', '?credor=1006&contrato=6011452873');
    const { user, router } = renderLogin();
    await typeDocument(user, '52998224725');
    await user.type(screen.getByLabelText('Senha', { selector: 'input' }), 'Acordo@2026');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.acordos));
    expect(router.state.location.search).toBe('?credor=1006&contrato=6011452873');
    expect(fake.callsTo('auth.signIn')).toHaveLength(1);
  });

  it('goes to /minha-conta when no journey page was interrupted', async () => {
    installFakeBff({
      'auth.options': () => withoutGoogle,
      'auth.signIn': () => ({ ...MARIA, primeiraTela: null }),
      'debts.creditors': () => [],
    });
    const { user, router } = renderLogin();
    await typeDocument(user, '52998224725');
    await user.type(screen.getByLabelText('Senha', { selector: 'input' }), 'Acordo@2026');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.minhaConta);
  });
});

describe('/login by the identity question', () => {
  it('asks for a valid document first, without asking for the password', async () => {
    const fake = installFakeBff({ 'auth.options': () => withoutGoogle });
    const { user } = renderLogin();
    await typeDocument(user, '123');
    await user.click(screen.getByRole('button', { name: 'Entrar respondendo a uma pergunta' }));

    expect(await screen.findByText('CPF/CNPJ inválido')).toBeTruthy();
    expect(screen.queryByText('Informe a senha.')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('CPF/CNPJ'));
    expect(fake.callsTo('auth.startChallenge')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the question, requires an answer, keeps the question after a wrong one and signs in', async () => {
    const question = deferred<{ pergunta: string }>();
    const fake = installFakeBff({
      'auth.options': () => withoutGoogle,
      'auth.startChallenge': () => question.promise,
      'auth.answerChallenge': (input) => {
        if ((input as { resposta: string }).resposta !== 'Campinas') {
          throw new FakeTrpcError('BAD_REQUEST', WRONG_ANSWER);
        }
        return { ...MARIA, primeiraTela: null };
      },
      'debts.creditors': () => [],
    });
    const { user, router } = renderLogin();
    await typeDocument(user, '52998224725');
    await user.click(screen.getByRole('button', { name: 'Entrar respondendo a uma pergunta' }));

    expect(await screen.findByRole('dialog', { name: 'Carregando...' })).toBeTruthy();
    expect(fake.callsTo('auth.startChallenge')).toEqual([
      // alone: the BFF refuses a credential step inside a batch
      { path: 'auth.startChallenge', input: { cpfCnpj: '52998224725' }, batched: false },
    ]);
    question.resolve({ pergunta: QUESTION });

    const modal = await screen.findByRole('dialog', {
      name: 'Antes de prosseguir, precisamos validar sua identificação.',
    });
    expect(modal.getAttribute('data-modal')).toBe('modalPerguntaIdentificacao');
    expect(within(modal).getByText(QUESTION)).toBeTruthy();
    const answer = within(modal).getByLabelText('Resposta');
    await waitFor(() => expect(document.activeElement).toBe(answer));

    await user.click(within(modal).getByRole('button', { name: 'Validar' }));
    expect(await within(modal).findByText('Informe a resposta.')).toBeTruthy();
    expect(fake.callsTo('auth.answerChallenge')).toHaveLength(0);

    await user.type(answer, 'Santos');
    await user.click(within(modal).getByRole('button', { name: 'Validar' }));
    const refused = await screen.findByRole('alertdialog');
    expect(refused.textContent).toContain(WRONG_ANSWER);
    await user.click(within(refused).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: /validar sua identificação/ })).toBe(modal);
    expect(document.activeElement).toBe(answer);

    await user.clear(answer);
    await user.type(answer, 'Campinas');
    await user.click(within(modal).getByRole('button', { name: 'Validar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.minhaConta);
    expect(fake.callsTo('auth.answerChallenge').map((call) => call.input)).toEqual([
      { resposta: 'Santos' },
      { resposta: 'Campinas' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the question once the BFF says the verification expired', async () => {
    installFakeBff({
      'auth.options': () => withoutGoogle,
      'auth.startChallenge': () => ({ pergunta: QUESTION }),
      'auth.answerChallenge': () => {
        throw new FakeTrpcError('PRECONDITION_FAILED', EXPIRED);
      },
    });
    const { user } = renderLogin();
    await typeDocument(user, '52998224725');
    await user.click(screen.getByRole('button', { name: 'Entrar respondendo a uma pergunta' }));
    const modal = await screen.findByRole('dialog', { name: /validar sua identificação/ });
    await user.type(within(modal).getByLabelText('Resposta'), 'Santos');
    await user.click(within(modal).getByRole('button', { name: 'Validar' }));

    const expired = await screen.findByRole('alertdialog');
    expect(expired.textContent).toContain(EXPIRED);
    expect(screen.queryByRole('dialog', { name: /validar sua identificação/ })).toBeNull();
    await user.click(within(expired).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows why no question could be asked', async () => {
    installFakeBff({
      'auth.options': () => withoutGoogle,
      'auth.startChallenge': () => {
        throw new FakeTrpcError('BAD_REQUEST', 'CPF/CNPJ não cadastrado.');
      },
    });
    const { user } = renderLogin();
    await typeDocument(user, '71460238001');
    await user.click(screen.getByRole('button', { name: 'Entrar respondendo a uma pergunta' }));

    expect((await screen.findByRole('alertdialog')).textContent).toContain('CPF/CNPJ não cadastrado.');
    expect(screen.queryByRole('dialog', { name: /validar sua identificação/ })).toBeNull();
  });

  it('can be cancelled', async () => {
    installFakeBff({
      'auth.options': () => withoutGoogle,
      'auth.startChallenge': () => ({ pergunta: QUESTION }),
    });
    const { user } = renderLogin();
    await typeDocument(user, '52998224725');
    await user.click(screen.getByRole('button', { name: 'Entrar respondendo a uma pergunta' }));
    const modal = await screen.findByRole('dialog', { name: /validar sua identificação/ });
    await user.click(within(modal).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('/login with Google', () => {
  it('offers no Google button when the BFF has no client id', async () => {
    installFakeBff({ 'auth.options': () => withoutGoogle });
    renderLogin();
    await screen.findByLabelText('CPF/CNPJ');
    await waitFor(() => expect(screen.queryByText('ou')).toBeNull());
    expect(loadGoogleIdentity).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Fazer login com o Google' })).toBeNull();
  });

  it('offers nothing of Google when its script cannot be loaded', async () => {
    const fake = installFakeBff({ 'auth.options': () => withGoogle });
    renderLogin();
    await waitFor(() => expect(loadGoogleIdentity).toHaveBeenCalledWith(GOOGLE_SCRIPT));
    expect(fake.callsTo('auth.options')).toHaveLength(1);
    expect(screen.queryByText('ou')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fazer login com o Google' })).toBeNull();
  });

  it('sets Google up without auto-login, shows its button under "ou" and signs in with the credential', async () => {
    const google = fakeGoogle('id-token-maria');
    const fake = installFakeBff({
      'auth.options': () => withGoogle,
      'auth.signInWithGoogle': () => ({ ...MARIA, primeiraTela: null }),
      'debts.creditors': () => [],
    });
    const { user, router } = renderLogin();

    const button = await screen.findByRole('button', { name: 'Fazer login com o Google' });
    expect(screen.getByText('ou')).toBeTruthy();
    expect(google.initialize).toHaveBeenCalledTimes(1);
    expect(google.initialize.mock.calls[0]?.[0]).toMatchObject({
      client_id: 'portal.apps.googleusercontent.com',
      auto_select: false,
      cancel_on_tap_outside: true,
      context: 'signin',
      ux_mode: 'popup',
      itp_support: true,
    });
    expect(google.renderButton.mock.calls[0]?.[1]).toMatchObject({
      type: 'standard',
      theme: 'outline',
      size: 'large',
      text: 'signin_with',
      locale: 'pt-BR',
    });
    expect(google.prompt).toHaveBeenCalledTimes(1);

    await user.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.minhaConta);
    expect(fake.callsTo('auth.signInWithGoogle').map((call) => call.input)).toEqual([
      { credential: 'id-token-maria' },
    ]);
    expect(google.cancel).toHaveBeenCalled();
  });

  it('shows the spinner while the credential is checked', async () => {
    fakeGoogle();
    const answer = deferred<typeof MARIA & { primeiraTela: null }>();
    installFakeBff({
      'auth.options': () => withGoogle,
      'auth.signInWithGoogle': () => answer.promise,
      'debts.creditors': () => [],
    });
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Fazer login com o Google' }));
    expect(await screen.findByRole('dialog', { name: 'Carregando...' })).toBeTruthy();
    answer.resolve({ ...MARIA, primeiraTela: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
  });

  it('shows "Ops!" for a Google account without registration and closes it with "Voltar para o Login"', async () => {
    fakeGoogle();
    installFakeBff({
      'auth.options': () => withGoogle,
      'auth.signInWithGoogle': () => {
        throw new FakeTrpcError('NOT_FOUND', 'E-mail não cadastrado.');
      },
    });
    const { user, router } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Fazer login com o Google' }));

    const ops = await screen.findByRole('dialog', { name: 'Ops!' });
    expect(ops.getAttribute('data-modal')).toBe('modalGoogleSemCadastro');
    expect(ops.textContent).toContain(
      'A conta Google informada no login não existe em nenhum cadastro ativo',
    );
    expect(within(ops).getByRole('link', { name: 'recupere-a por e-mail e SMS' }).getAttribute('href')).toBe(
      paths.esqueceuSenha,
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(within(ops).getByRole('button', { name: 'Voltar para o Login' }));
    expect(screen.queryByRole('dialog', { name: 'Ops!' })).toBeNull();
    expect(router.state.location.pathname).toBe(paths.login);
  });

  it('shows any other refusal in the error modal', async () => {
    fakeGoogle();
    installFakeBff({
      'auth.options': () => withGoogle,
      'auth.signInWithGoogle': () => {
        throw new FakeTrpcError('UNAUTHORIZED', 'Ocorreu um erro, tente novamente mais tarde.');
      },
    });
    const { user } = renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Fazer login com o Google' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Ocorreu um erro, tente novamente mais tarde.');
    expect(screen.queryByRole('dialog', { name: 'Ops!' })).toBeNull();
  });
});
