import { CONTACT_REQUIRED_MESSAGE } from '@portal/validation/contact';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type FakeHandlers, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { mariaProfile } from '../../../test/fixtures/account';
import { MARIA, renderApp } from '../../../test/render-app';
import { QUERY_ERROR_MESSAGE } from '../../components/ui/query-error-modal';
import type { SessionView } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';
import { takeReturnTo } from '../../lib/navigation/return-to';
import { writeConsent } from '../../lib/tracking/consent-cookie';
import { DELETED_NOTICE } from './edit-profile-page';

const COMERCIO: SessionView = {
  nome: 'Comércio Exemplo Ltda',
  primeiroNome: 'Comércio',
  nomeCurto: 'Comércio Exemplo',
  documento: '11.222.333/0001-81',
  tipoDocumento: 'CNPJ',
  empresa: true,
};

function renderProfile(handlers: FakeHandlers = {}, session: SessionView = MARIA) {
  const fake = installFakeBff({
    'account.profile': () => mariaProfile(),
    'account.updateProfile': () => ({ nome: 'Maria Aparecida da Silva' }),
    'auth.session': () => session,
    'debts.creditors': () => [],
    ...handlers,
  });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(paths.editarPerfil, { session }) };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const loaded = () => screen.findByDisplayValue('Maria Aparecida da Silva');

describe('/mais-opcoes/editar-perfil', () => {
  it('fills the form from the profile behind "Buscando dados...", the document read-only', async () => {
    renderProfile({
      'account.profile': () =>
        mariaProfile({
          endereco: {
            cep: '01310100',
            endereco: 'Av. Paulista',
            numero: '1000',
            complemento: 'ap 1',
            cidade: 'São Paulo',
            uf: 'SP',
          },
        }),
    });
    expect(await screen.findByRole('dialog', { name: 'Buscando dados...' })).toBeTruthy();
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Meus dados' })).toBeTruthy();
    expect(field('CPF').value).toBe('529.982.247-25');
    expect(field('CPF').readOnly).toBe(true);
    expect(field('Data de nascimento').value).toBe('15/03/1985');
    expect(field('E-mail').value).toBe('maria.silva@example.com');
    expect(field('Celular').value).toBe('(11) 91234-5678');
    expect(field('Meu número é o mesmo do WhatsApp').checked).toBe(true);
    expect(field('CEP').value).toBe('01310-100');
    expect(field('Cidade').value).toBe('São Paulo');
    expect((screen.getByLabelText('UF') as HTMLSelectElement).value).toBe('SP');
  });

  it("labels a company's name and date as 'Razão Social' and 'Data de fundação'", async () => {
    renderProfile(
      {
        'account.profile': () => mariaProfile({ nome: 'Comércio Exemplo Ltda', empresa: true }),
      },
      COMERCIO,
    );
    expect(await screen.findByLabelText('Razão Social')).toBeTruthy();
    expect(field('Data de fundação')).toBeTruthy();
    expect(field('CNPJ').value).toBe('11.222.333/0001-81');
  });

  it("shows 'Data inválida' for an impossible date and sends nothing, then saves the corrected profile", async () => {
    const { fake, user, router } = renderProfile();
    await loaded();
    const date = field('Data de nascimento');
    await user.clear(date);
    await user.type(date, '31022000');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Data inválida')).toBeTruthy();
    expect(document.activeElement).toBe(date);
    expect(fake.callsTo('account.updateProfile')).toHaveLength(0);

    await user.clear(date);
    await user.type(date, '28022000');
    await user.type(field('CEP'), '01310100');
    await user.type(field('Endereço'), 'Av. Paulista');
    await user.selectOptions(screen.getByLabelText('UF'), 'SP');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
    expect(fake.callsTo('account.updateProfile').map((call) => call.input)).toEqual([
      {
        nome: 'Maria Aparecida da Silva',
        dtNascimento: '28/02/2000',
        email: 'maria.silva@example.com',
        telefone: '11912345678',
        whatsapp: true,
        endereco: {
          cep: '01310100',
          endereco: 'Av. Paulista',
          numero: '',
          complemento: '',
          cidade: '',
          uf: 'SP',
        },
      },
    ]);
    expect((await screen.findByRole('status')).textContent).toBe('Seus dados foram atualizados.');
  });

  it("takes a mobile only under 'Celular': a landline is masked as a mobile and refused, as the SMS modal does", async () => {
    const { fake, user, router } = renderProfile();
    await loaded();
    await user.clear(field('Celular'));
    await user.type(field('Celular'), '1133334444');
    expect(field('Celular').value).toBe('(11) 33334-444');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Número de celular inválido')).toBeTruthy();
    expect(field('Celular').getAttribute('aria-invalid')).toBe('true');
    expect(fake.callsTo('account.updateProfile')).toHaveLength(0);
    expect(router.state.location.pathname).toBe(paths.editarPerfil);
  });

  it('refuses to save with neither e-mail nor phone', async () => {
    const { fake, user } = renderProfile();
    await loaded();
    await user.clear(field('E-mail'));
    await user.clear(field('Celular'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(CONTACT_REQUIRED_MESSAGE)).toBeTruthy();
    expect(fake.callsTo('account.updateProfile')).toHaveLength(0);
  });

  it('tells a refusal the user can fix in the error modal and keeps the form', async () => {
    const taken = 'E-mail já cadastrado. Por favor, utilize outro e-mail';
    const { user, router } = renderProfile({
      'account.updateProfile': () => {
        throw new FakeTrpcError('BAD_REQUEST', taken);
      },
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(taken);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(router.state.location.pathname).toBe(paths.editarPerfil);
    expect(field('E-mail').value).toBe('maria.silva@example.com');
  });

  it('uses the query-error modal when the profile cannot be read', async () => {
    renderProfile({
      'account.profile': () => {
        throw new FakeTrpcError('SERVICE_UNAVAILABLE', '');
      },
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(QUERY_ERROR_MESSAGE);
    expect(within(dialog).getByRole('button', { name: 'Voltar para minha conta' })).toBeTruthy();
  });

  it('asks before deleting the account, then deletes it, signs out and goes to the start page, which says so', async () => {
    // a visitor who made the cookie choice long ago: the start page opens on its word, not on that modal
    writeConsent(true);
    onTestFinished(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: clears the consent cookie this test set
      document.cookie = 'aceito=; path=/; max-age=0';
    });
    const { fake, user, router } = renderProfile({ 'account.deleteAccount': () => ({ ok: true }) });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Deseja excluir seu cadastro? Clique aqui' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Tem certeza que deseja excluir seu cadastro?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.callsTo('account.deleteAccount')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Deseja excluir seu cadastro? Clique aqui' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(fake.callsTo('account.deleteAccount')).toHaveLength(1);
    // the start page's word on it, read first, and once: gone after another visit
    const notice = await screen.findByText(DELETED_NOTICE);
    expect(notice.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    await router.navigate(paths.login);
    await screen.findByRole('heading', { level: 1, name: /login/i });
    await router.navigate(paths.home);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(DELETED_NOTICE)).toBeNull();
    // Nothing to come back to after a later sign-in.
    expect(takeReturnTo(paths.minhaConta)).toBe(paths.minhaConta);
  });

  it("shows the server's message when the deletion fails, and stays", async () => {
    const { user, router } = renderProfile({
      'account.deleteAccount': () => {
        throw new FakeTrpcError('BAD_REQUEST', 'Não foi possível excluir o cadastro.');
      },
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Deseja excluir seu cadastro? Clique aqui' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sim' }));
    const error = await screen.findByRole('alertdialog', { name: 'Algo deu errado' });
    expect(error.textContent).toContain('Não foi possível excluir o cadastro.');
    expect(router.state.location.pathname).toBe(paths.editarPerfil);
  });
});

describe('/mais-opcoes/editar-perfil: a change that needs the password again', () => {
  const NEEDED = 'Por segurança, confirme sua senha para continuar.';
  const WRONG = 'Senha incorreta.';
  /** The BFF of a sign-in older than its window: the password 'Acordo@2026' or nothing goes. */
  const checksPassword = ({ senha }: { senha?: string | undefined }) => {
    if (senha === undefined) throw new FakeTrpcError('PRECONDITION_FAILED', NEEDED);
    if (senha !== 'Acordo@2026') throw new FakeTrpcError('PRECONDITION_FAILED', WRONG);
  };

  it('asks for it in a modal on the page, says a wrong one, then sends the same change with it', async () => {
    const { fake, user, router } = renderProfile({
      'account.updateProfile': (input) => {
        checksPassword(input);
        return { nome: input.nome };
      },
    });
    await loaded();
    await user.clear(field('E-mail'));
    await user.type(field('E-mail'), 'maria.nova@example.com');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const modal = await screen.findByRole('dialog', { name: 'Confirme sua senha' });
    expect(modal.getAttribute('aria-describedby')).toBeTruthy();
    expect(modal.textContent).toContain('para alterar seu e-mail ou celular');
    const password = within(modal).getByLabelText('Senha atual') as HTMLInputElement;
    expect(document.activeElement).toBe(password);
    expect(within(modal).getByRole('alert').textContent).toBe('');

    await user.click(within(modal).getByRole('button', { name: 'Confirmar' }));
    expect(within(modal).getByRole('alert').textContent).toBe('Informe a senha atual.');
    expect(fake.callsTo('account.updateProfile')).toHaveLength(1);

    await user.type(password, 'Errada@2026');
    await user.click(within(modal).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(within(modal).getByRole('alert').textContent).toBe(WRONG));
    expect(password.value).toBe('');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);

    await user.type(password, 'Acordo@2026{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
    const sent = fake.callsTo('account.updateProfile').map((call) => call.input as Record<string, unknown>);
    expect(sent.map((input) => input.senha)).toEqual([undefined, 'Errada@2026', 'Acordo@2026']);
    // The same change every time: what the person typed.
    expect(new Set(sent.map(({ senha: _, ...change }) => JSON.stringify(change))).size).toBe(1);
    expect(sent[0]).toMatchObject({ email: 'maria.nova@example.com' });
  });

  it('closes with Escape or Cancelar, focus back on Salvar and the typed edits kept', async () => {
    const { fake, user, router } = renderProfile({
      'account.updateProfile': (input) => {
        checksPassword(input);
        return { nome: input.nome };
      },
    });
    await loaded();
    await user.clear(field('Celular'));
    await user.type(field('Celular'), '21987654321');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByRole('dialog', { name: 'Confirme sua senha' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Confirme sua senha' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Salvar' }));
    expect(field('Celular').value).toBe('(21) 98765-4321');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const modal = await screen.findByRole('dialog', { name: 'Confirme sua senha' });
    await user.click(within(modal).getByRole('button', { name: 'Cancelar' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Salvar' }));
    expect(fake.callsTo('account.updateProfile')).toHaveLength(2);
    expect(router.state.location.pathname).toBe(paths.editarPerfil);
  });

  it('says "too many attempts" in the modal when the checks run out', async () => {
    const tooMany = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
    const { user } = renderProfile({
      'account.updateProfile': ({ senha }) => {
        if (senha === undefined) throw new FakeTrpcError('PRECONDITION_FAILED', NEEDED);
        throw new FakeTrpcError('TOO_MANY_REQUESTS', tooMany);
      },
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const modal = await screen.findByRole('dialog', { name: 'Confirme sua senha' });
    await user.type(within(modal).getByLabelText('Senha atual'), 'Acordo@2026{Enter}');
    await waitFor(() => expect(within(modal).getByRole('alert').textContent).toBe(tooMany));
  });

  it('offers whoever has no password at hand to sign in again, and comes back to the page after', async () => {
    const { fake, user, router } = renderProfile({
      'account.updateProfile': (input) => {
        checksPassword(input);
        return { nome: input.nome };
      },
      'auth.signOut': () => ({ ok: true }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const modal = await screen.findByRole('dialog', { name: 'Confirme sua senha' });
    expect(modal.textContent).toContain('Entrou com o Google ou esqueceu a senha?');
    await user.click(within(modal).getByRole('button', { name: 'Sair e entrar de novo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login));
    expect(fake.callsTo('auth.signOut')).toHaveLength(1);
    expect(takeReturnTo(paths.minhaConta)).toBe(paths.editarPerfil);
  });

  it('asks for it before deleting the account, then deletes it with it', async () => {
    const { fake, user, router } = renderProfile({
      'account.deleteAccount': (input) => {
        checksPassword(input);
        return { ok: true };
      },
    });
    await loaded();
    const opener = screen.getByRole('button', { name: 'Deseja excluir seu cadastro? Clique aqui' });
    await user.click(opener);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sim' }));
    let modal = await screen.findByRole('dialog', { name: 'Confirme sua senha' });
    expect(modal.textContent).toContain('para excluir seu cadastro');
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sim' }));
    modal = await screen.findByRole('dialog', { name: 'Confirme sua senha' });
    await user.type(within(modal).getByLabelText('Senha atual'), 'Errada@2026{Enter}');
    await waitFor(() => expect(within(modal).getByRole('alert').textContent).toBe(WRONG));
    await user.type(within(modal).getByLabelText('Senha atual'), 'Acordo@2026{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(fake.callsTo('account.deleteAccount').map((call) => call.input)).toEqual([
      {},
      {},
      { senha: 'Errada@2026' },
      { senha: 'Acordo@2026' },
    ]);
  });
});
