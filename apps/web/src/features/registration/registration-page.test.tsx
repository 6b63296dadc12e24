import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { renderApp } from '../../../test/render-app';
import { peekPrefill, setPrefill, takePrefill } from '../../lib/forms/prefill';
import { paths } from '../../lib/navigation/paths';
import {
  clearRegistrationDraft,
  peekRegistrationDraft,
  type RegistrationDraft,
  saveRegistrationDraft,
} from './registration-draft';

const EMAIL_TAKEN = 'E-mail já cadastrado. Por favor, utilize outro e-mail';
const PHONE_TAKEN = 'Telefone já cadastrado. Por favor, utilize outro telefone';
const DECLARO = 'Declaro que li e aceito os Termos de Uso e a Política de Privacidade';
const TERMS_TITLE = 'Para entrar, leia e aceite os termos de uso e a política de privacidade';

const DRAFT: RegistrationDraft = {
  cpfCnpj: '71460238001',
  nome: 'Fernanda Oliveira Souza',
  email: 'fernanda.souza@example.com.br',
  telefone: '41991234567',
  whatsapp: true,
  termosAceitos: true,
};

const FREE = { email: null, telefone: null };

afterEach(() => {
  takePrefill();
  clearRegistrationDraft();
});

function openRegistration(handlers: Parameters<typeof installFakeBff>[0] = {}) {
  const user = userEvent.setup();
  const fake = installFakeBff(handlers);
  const view = renderApp(paths.cadastro, { session: null });
  return { user, fake, ...view };
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('CPF/CNPJ', { selector: 'input' }), '71460238001');
  await user.type(screen.getByLabelText('Nome Completo'), 'Fernanda Oliveira Souza');
  await user.type(screen.getByLabelText('E-mail'), 'Fernanda.Souza@example.com.br');
  await user.type(screen.getByLabelText('Celular'), '41991234567');
  await user.click(screen.getByLabelText('Meu número é o mesmo do WhatsApp'));
}

describe('RegistrationPage (/cadastro)', () => {
  it('is titled "Quase lá" and starts from the document the home banner handed over', async () => {
    setPrefill('71460238001');
    openRegistration();

    expect(await screen.findByRole('heading', { level: 1, name: 'Quase lá' })).toBeTruthy();
    expect(document.title).toBe('Quase lá | Negocia Varejo');
    const documentInput = screen.getByLabelText('CPF/CNPJ', { selector: 'input' }) as HTMLInputElement;
    expect(documentInput.value).toBe('714.602.380-01');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nome Completo')));
    expect(peekPrefill()).toBeNull();
  });

  it('checks the contacts behind "Validando e-mail e telefone", then asks for the terms', async () => {
    const reply = deferred<typeof FREE>();
    const { user, fake } = openRegistration({ 'registration.checkContacts': () => reply.promise });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar cadastro' }));

    expect(await screen.findByRole('dialog', { name: 'Validando e-mail e telefone' })).toBeTruthy();
    expect(fake.callsTo('registration.checkContacts').map((call) => call.input)).toEqual([
      { email: 'fernanda.souza@example.com.br', telefone: '41991234567' },
    ]);

    reply.resolve(FREE);
    const terms = await screen.findByRole('dialog', { name: TERMS_TITLE });
    expect(terms.getAttribute('data-modal')).toBe('modalTermosCadastro');
    expect(screen.queryByRole('dialog', { name: 'Validando e-mail e telefone' })).toBeNull();
  });

  it('shows an e-mail and a phone already in use under their fields, focuses the e-mail and stops', async () => {
    const { user } = openRegistration({
      'registration.checkContacts': () => ({ email: EMAIL_TAKEN, telefone: PHONE_TAKEN }),
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar cadastro' }));

    const emailError = await screen.findByText(EMAIL_TAKEN);
    const emailInput = screen.getByLabelText('E-mail');
    expect(emailInput.getAttribute('aria-describedby')).toBe(emailError.id);
    expect(screen.getByLabelText('Celular').getAttribute('aria-describedby')).toBe(
      screen.getByText(PHONE_TAKEN).id,
    );
    await waitFor(() => expect(document.activeElement).toBe(emailInput));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('puts a phone already in use on the phone field only, and focuses it', async () => {
    const { user } = openRegistration({
      'registration.checkContacts': () => ({ email: null, telefone: PHONE_TAKEN }),
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar cadastro' }));

    expect(await screen.findByText(PHONE_TAKEN)).toBeTruthy();
    expect(screen.queryByText(EMAIL_TAKEN)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Celular')));
  });

  it('shows a failed check in the error modal', async () => {
    const { user } = openRegistration({
      'registration.checkContacts': () => {
        throw new FakeTrpcError('SERVICE_UNAVAILABLE', 'Serviço indisponível no momento.');
      },
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar cadastro' }));

    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Serviço indisponível no momento.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('dialog', { name: TERMS_TITLE })).toBeNull();
  });

  it('keeps "Entrar" disabled until the declaration is ticked, then saves the draft and opens the policy', async () => {
    const { user, router } = openRegistration({ 'registration.checkContacts': () => FREE });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar cadastro' }));

    const terms = await screen.findByRole('dialog', { name: TERMS_TITLE });
    const enter = within(terms).getByRole('button', { name: 'Entrar' }) as HTMLButtonElement;
    expect(enter.disabled).toBe(true);
    const declaration = within(terms).getByRole('checkbox', { name: DECLARO });
    expect(declaration.getAttribute('aria-describedby')).toBe(
      within(terms).getByText('Atualizados em 20/03/2021').id,
    );

    await user.click(declaration);
    expect(enter.disabled).toBe(false);
    await user.click(declaration);
    expect(enter.disabled).toBe(true);
    await user.click(declaration);
    await user.click(enter);

    expect(await screen.findByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.politicaCadastro);
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toBeNull();
    expect(peekRegistrationDraft()).toEqual(DRAFT);
    expect(screen.queryByRole('dialog', { name: TERMS_TITLE })).toBeNull();
  });

  it('links the terms page from the terms modal, in a new tab so the registration stays open', async () => {
    const { user } = openRegistration({ 'registration.checkContacts': () => FREE });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar cadastro' }));
    const terms = await screen.findByRole('dialog', { name: TERMS_TITLE });
    const page = within(terms).getByRole('link', { name: 'Ler os Termos de Uso (abre em nova aba)' });
    expect(page.getAttribute('href')).toBe(paths.termosGerais);
    expect(page.getAttribute('target')).toBe('_blank');
    expect(page.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('opens the full text from the terms modal, and its "OK" returns to the terms modal', async () => {
    const { user } = openRegistration({ 'registration.checkContacts': () => FREE });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar cadastro' }));
    const terms = await screen.findByRole('dialog', { name: TERMS_TITLE });
    const readLink = within(terms).getByRole('button', {
      name: 'Ler os Termos de Uso e a Política de Privacidade',
    });

    await user.click(readLink);
    const text = screen.getByRole('dialog', { name: 'Termos de Uso e Política de Privacidade' });
    expect(text.getAttribute('data-modal')).toBe('modalTextoTermos');
    const region = within(text).getByRole('region', {
      name: 'Texto dos Termos de Uso e da Política de Privacidade',
    });
    expect(document.activeElement).toBe(region);
    const parts = within(region).getAllByRole('heading', { level: 3 });
    expect(parts.map((heading) => heading.textContent)).toEqual(['Termos de Uso', 'Política de Privacidade']);
    expect(terms.closest('[inert]')).toBeTruthy();

    await user.click(within(text).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'Termos de Uso e Política de Privacidade' })).toBeNull();
    expect(screen.getByRole('dialog', { name: TERMS_TITLE })).toBe(terms);
    expect(terms.closest('[inert]')).toBeNull();
    expect(document.activeElement).toBe(readLink);
  });

  it('closes the terms modal with "Fechar" or Escape, back on the form and without a draft', async () => {
    const { user, router } = openRegistration({ 'registration.checkContacts': () => FREE });
    await fillForm(user);
    const finish = screen.getByRole('button', { name: 'Finalizar cadastro' });
    await user.click(finish);

    const terms = await screen.findByRole('dialog', { name: TERMS_TITLE });
    await user.click(within(terms).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(finish));

    await user.click(finish);
    const again = await screen.findByRole('dialog', { name: TERMS_TITLE });
    expect((within(again).getByRole('checkbox', { name: DECLARO }) as HTMLInputElement).checked).toBe(false);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe(paths.cadastro);
    expect(peekRegistrationDraft()).toBeNull();
  });

  it('closes the terms modal when the route leaves /cadastro', async () => {
    const { user, router } = openRegistration({ 'registration.checkContacts': () => FREE });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar cadastro' }));
    expect(await screen.findByRole('dialog', { name: TERMS_TITLE })).toBeTruthy();

    await router.navigate(paths.login);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fazer login' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('has-modal')).toBe(false);
  });

  it('refills the form from the draft kept by the policy step', async () => {
    saveRegistrationDraft(DRAFT);
    openRegistration();

    const documentInput = (await screen.findByLabelText('CPF/CNPJ', {
      selector: 'input',
    })) as HTMLInputElement;
    expect(documentInput.value).toBe('714.602.380-01');
    expect((screen.getByLabelText('Nome Completo') as HTMLInputElement).value).toBe(
      'Fernanda Oliveira Souza',
    );
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('fernanda.souza@example.com.br');
    expect((screen.getByLabelText('Celular') as HTMLInputElement).value).toBe('(41) 99123-4567');
    expect((screen.getByLabelText('Meu número é o mesmo do WhatsApp') as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('forgets a draft about another document when the home banner hands a new one over', async () => {
    saveRegistrationDraft(DRAFT);
    setPrefill('52998224725');
    openRegistration();

    const documentInput = (await screen.findByLabelText('CPF/CNPJ', {
      selector: 'input',
    })) as HTMLInputElement;
    expect(documentInput.value).toBe('529.982.247-25');
    expect((screen.getByLabelText('Nome Completo') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(peekRegistrationDraft()).toBeNull());
  });

  it('takes the typed document to the login page through "Fazer login"', async () => {
    const { user, router } = openRegistration();
    await user.type(await screen.findByLabelText('CPF/CNPJ', { selector: 'input' }), '71460238001');
    await user.click(screen.getByRole('link', { name: 'Fazer login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Fazer login' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect((screen.getByLabelText('CPF/CNPJ') as HTMLInputElement).value).toBe('714.602.380-01');
  });
});

describe('RegistrationPage (/cadastro): a document already registered', () => {
  const REGISTERED = '52998224725';
  const lookupAnswers = (registered: readonly string[]) => ({
    'auth.lookupDocument': ({ cpfCnpj }: { cpfCnpj: string }) => ({
      cadastrado: registered.includes(cpfCnpj),
    }),
  });

  it('is said as soon as the document is typed, asked once of the BFF, before any other field', async () => {
    const { user, fake } = openRegistration({ ...lookupAnswers([REGISTERED]) });
    const documentInput = await screen.findByLabelText('CPF/CNPJ', { selector: 'input' });
    await user.type(documentInput, '5299822472');
    expect(fake.callsTo('auth.lookupDocument')).toHaveLength(0);
    await user.type(documentInput, '5');

    const notice = await screen.findByRole('dialog', { name: 'CPF já cadastrado' });
    expect(notice.getAttribute('data-modal')).toBe('modalDocumentoCadastrado');
    expect(within(notice).getByText(/Já existe um cadastro com este CPF\./)).toBeTruthy();
    expect(fake.callsTo('auth.lookupDocument').map((call) => call.input)).toEqual([{ cpfCnpj: REGISTERED }]);
    expect(fake.callsTo('registration.checkContacts')).toHaveLength(0);
  });

  it('"Entrar" opens the login page with the document filled in, handed over in memory', async () => {
    const { user, router } = openRegistration({ ...lookupAnswers([REGISTERED]) });
    await user.type(await screen.findByLabelText('CPF/CNPJ', { selector: 'input' }), REGISTERED);
    const notice = await screen.findByRole('dialog', { name: 'CPF já cadastrado' });
    await user.click(within(notice).getByRole('link', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Fazer login' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toBeNull();
    expect((screen.getByLabelText('CPF/CNPJ') as HTMLInputElement).value).toBe('529.982.247-25');
  });

  it('"Esqueci minha senha" opens the password recovery with a CNPJ filled in', async () => {
    const { user, router } = openRegistration({ ...lookupAnswers(['12ABC34501DE35']) });
    await user.type(await screen.findByLabelText('CPF/CNPJ', { selector: 'input' }), '12abc34501de35');
    const notice = await screen.findByRole('dialog', { name: 'CNPJ já cadastrado' });
    await user.click(within(notice).getByRole('link', { name: 'Esqueci minha senha' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Esqueceu sua senha?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.esqueceuSenha);
    expect((screen.getByLabelText('CPF/CNPJ') as HTMLInputElement).value).toBe('12.ABC.345/01DE-35');
  });

  it('is said on opening when the login page handed a registered document over', async () => {
    setPrefill(REGISTERED);
    openRegistration({ ...lookupAnswers([REGISTERED]) });
    expect(await screen.findByRole('dialog', { name: 'CPF já cadastrado' })).toBeTruthy();
  });

  it('"Fechar" goes back to the document to correct it; the same one is told again at "Finalizar cadastro"', async () => {
    const { user, fake } = openRegistration({
      ...lookupAnswers([REGISTERED]),
      'registration.checkContacts': () => FREE,
    });
    await user.type(await screen.findByLabelText('CPF/CNPJ', { selector: 'input' }), REGISTERED);
    const notice = await screen.findByRole('dialog', { name: 'CPF já cadastrado' });
    await user.click(within(notice).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const documentInput = screen.getByLabelText('CPF/CNPJ', { selector: 'input' });
    await waitFor(() => expect(document.activeElement).toBe(documentInput));

    await user.type(screen.getByLabelText('Nome Completo'), 'Fernanda Oliveira Souza');
    await user.type(screen.getByLabelText('E-mail'), 'fernanda.souza@example.com.br');
    await user.type(screen.getByLabelText('Celular'), '41991234567');
    await user.click(screen.getByRole('button', { name: 'Finalizar cadastro' }));
    expect(await screen.findByRole('dialog', { name: 'CPF já cadastrado' })).toBeTruthy();
    // answered once for this document: the submit used the answer already given
    expect(fake.callsTo('auth.lookupDocument')).toHaveLength(1);
    expect(fake.callsTo('registration.checkContacts')).toHaveLength(0);

    await user.keyboard('{Escape}');
    await user.clear(documentInput);
    await user.type(documentInput, '71460238001');
    await user.click(screen.getByRole('button', { name: 'Finalizar cadastro' }));
    expect(await screen.findByRole('dialog', { name: TERMS_TITLE })).toBeTruthy();
    expect(fake.callsTo('auth.lookupDocument').map((call) => call.input)).toEqual([
      { cpfCnpj: REGISTERED },
      { cpfCnpj: '71460238001' },
    ]);
  });

  it('says nothing of an answer that comes after the document was changed', async () => {
    const late = deferred<{ cadastrado: boolean }>();
    const { user } = openRegistration({
      'auth.lookupDocument': ({ cpfCnpj }) => (cpfCnpj === REGISTERED ? late.promise : { cadastrado: false }),
    });
    const documentInput = await screen.findByLabelText('CPF/CNPJ', { selector: 'input' });
    await user.type(documentInput, REGISTERED);
    await user.type(documentInput, '{Backspace}');
    late.resolve({ cadastrado: true });
    // long enough for the notice's code to load, were it shown
    await expect(screen.findByRole('dialog', undefined, { timeout: 500 })).rejects.toThrow();
  });

  it('goes on to the contact check when the BFF could not say (the limit per IP, the network)', async () => {
    const { user, fake } = openRegistration({
      'auth.lookupDocument': () => {
        throw new FakeTrpcError('TOO_MANY_REQUESTS', 'Muitas tentativas. Tente novamente mais tarde.');
      },
      'registration.checkContacts': () => FREE,
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar cadastro' }));

    expect(await screen.findByRole('dialog', { name: TERMS_TITLE })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // asked as typed, then again at the submit, since it had no answer
    expect(fake.callsTo('auth.lookupDocument')).toHaveLength(2);
  });
});
