import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { deferred, FakeTrpcError, installFakeBff } from '../../test/fake-bff';
import { offers } from '../../test/fixtures/negotiation';
import { MARIA, renderApp } from '../../test/render-app';
import type { ContractView, CreditorCard } from '../lib/api/trpc';
import { paths } from '../lib/navigation/paths';
import { writeConsent } from '../lib/tracking/consent-cookie';

const CREDITORS: CreditorCard[] = [
  { codcredor: '1', nome: 'Ipê Eletro', logoUrl: '/api/logos/ipe.svg', sequencial: false },
  { codcredor: '2', nome: 'Horizonte Lojas', logoUrl: '/api/logos/horizonte.svg', sequencial: true },
  { codcredor: '3', nome: 'Onda Telecom', logoUrl: null, sequencial: false },
];

const contract = (overrides: Partial<ContractView>): ContractView => ({
  contrato: '4587120093',
  contratoExibido: '45***093',
  situacao: 'Contrato em atraso',
  parcelas: 3,
  principalCents: 150000,
  estado: { tipo: 'aberta' },
  destino: 'negociacao',
  chamarProposta: true,
  chamarDivida: true,
  ...overrides,
});

const LOGIN_FAILED = 'Usuário ou senha incorretos. Verifique os dados, caps lock, e tente novamente.';

describe('the portal', () => {
  it('takes Maria from the home banner through sign-in to her creditor cards', async () => {
    const user = userEvent.setup();
    const fake = installFakeBff({
      'auth.session': () => null,
      'auth.lookupDocument': () => ({ cadastrado: true }),
      'auth.signIn': () => ({ ...MARIA, primeiraTela: null }),
      'debts.creditors': () => CREDITORS,
    });
    const { router } = renderApp(paths.home);

    await user.type(await screen.findByLabelText('CPF/CNPJ'), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Consultar grátis' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Fazer login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toBeNull();
    expect((screen.getByLabelText('CPF/CNPJ') as HTMLInputElement).value).toBe('529.982.247-25');
    expect(document.title).toBe('Fazer login | Negocia Varejo');
    const password = screen.getByLabelText('Senha', { selector: 'input' });
    await waitFor(() => expect(document.activeElement).toBe(password));

    await user.type(password, 'Acordo@2026');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.minhaConta);
    const signIn = fake.callsTo('auth.signIn');
    expect(signIn).toEqual([
      { path: 'auth.signIn', input: { cpfCnpj: '52998224725', senha: 'Acordo@2026' }, batched: false },
    ]);

    const list = await screen.findByRole('list', { name: 'Encontramos contratos com estes parceiros:' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Olá, Maria' })),
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByRole('img', { name: 'Ipê Eletro' }).getAttribute('src')).toBe(
      '/api/logos/ipe.svg',
    );
    expect(within(list).getByText('Onda Telecom')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver mais: Horizonte Lojas' })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).not.toContain('529.982.247-25');
  });

  it('shows Minha conta from what the sign-in answered, without asking the BFF for it again', async () => {
    const user = userEvent.setup();
    const fake = installFakeBff({
      'auth.session': () => null,
      'auth.signIn': () => ({
        ...MARIA,
        primeiraTela: { credores: CREDITORS, pendente: null, score: { score: 712, faixa: 'Bom' } },
      }),
      'debts.creditors': () => CREDITORS,
      'agreements.pending': () => null,
      'account.score': () => null,
    });
    renderApp(paths.login);
    await user.type(await screen.findByLabelText('CPF/CNPJ'), '52998224725');
    await user.type(screen.getByLabelText('Senha', { selector: 'input' }), 'Acordo@2026');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    const list = await screen.findByRole('list', { name: 'Encontramos contratos com estes parceiros:' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(await screen.findByText('712')).toBeTruthy();
    expect(fake.callsTo('debts.creditors')).toEqual([]);
    expect(fake.callsTo('agreements.pending')).toEqual([]);
    expect(fake.callsTo('account.score')).toEqual([]);
  });

  it('moves focus to the new page heading after following a link', async () => {
    const user = userEvent.setup();
    installFakeBff();
    renderApp(paths.home, { session: null });
    await user.click(await screen.findByRole('link', { name: 'Entrar' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Fazer login' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    expect(await screen.findByRole('button', { name: 'Consultar grátis' })).toBeTruthy();
  });

  it('shows the server message in an alert dialog when the password is wrong, and stays on /login', async () => {
    const user = userEvent.setup();
    installFakeBff({
      'auth.signIn': () => {
        throw new FakeTrpcError('UNAUTHORIZED', LOGIN_FAILED);
      },
    });
    const { router } = renderApp(paths.login, { session: null });

    await user.type(await screen.findByLabelText('CPF/CNPJ'), '52998224725');
    const password = screen.getByLabelText('Senha', { selector: 'input' });
    await user.type(password, 'errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(LOGIN_FAILED);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(password);
    expect(router.state.location.pathname).toBe(paths.login);
  });

  it('shows the first validation message the BFF sends for an input it refuses', async () => {
    const user = userEvent.setup();
    const issues = [{ code: 'custom', path: ['cpfCnpj'], message: 'CPF/CNPJ inválido' }];
    installFakeBff({
      'auth.signIn': () => {
        throw new FakeTrpcError('BAD_REQUEST', JSON.stringify(issues, null, 2));
      },
    });
    renderApp(paths.login, { session: null });
    await user.type(await screen.findByLabelText('CPF/CNPJ'), '52998224725');
    await user.type(screen.getByLabelText('Senha', { selector: 'input' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('CPF/CNPJ inválido');
  });

  it('shows the spinner while the debts load', async () => {
    const pending = deferred<CreditorCard[]>();
    installFakeBff({ 'debts.creditors': () => pending.promise });
    renderApp(paths.minhaConta, { session: MARIA });

    // not aria-busy: some screen readers hold back a busy region's updates ('Ainda consultando…' after 5 s)
    const spinner = await screen.findByRole('dialog', { name: 'Buscando dívidas...' });
    expect(within(spinner).getAllByRole('status')[0]?.textContent).toBe('Buscando dívidas...');

    pending.resolve(CREDITORS);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('button', { name: /Ver mais/ })).toHaveLength(3);
  });

  it('tells a user without contracts that none were found', async () => {
    installFakeBff({ 'debts.creditors': () => [] });
    renderApp(paths.minhaConta, { session: { ...MARIA, primeiroNome: 'João' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, João.' })).toBeTruthy();
    expect(screen.getByText('No momento não encontramos contratos em nossa base de parceiros.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Ver mais/ })).toBeNull();
  });

  it('shows a failed debt lookup in the error modal and tries again on request', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    installFakeBff({
      'debts.creditors': () => {
        attempt += 1;
        if (attempt === 1) throw new FakeTrpcError('GATEWAY_TIMEOUT', 'Erro de timeout');
        return CREDITORS;
      },
    });
    renderApp(paths.minhaConta, { session: MARIA });

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Erro de timeout');
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));

    expect(await screen.findByRole('button', { name: 'Ver mais: Ipê Eletro' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(attempt).toBe(2);
  });

  it('keeps a way to try again after the error modal is closed', async () => {
    const user = userEvent.setup();
    installFakeBff({
      'debts.creditors': () => {
        throw new FakeTrpcError('SERVICE_UNAVAILABLE', 'Ocorreu um erro, tente novamente.');
      },
    });
    renderApp(paths.minhaConta, { session: MARIA });
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, Maria' })).toBeTruthy();
  });

  it('sends the user to the start page when the session has ended (UNAUTHORIZED)', async () => {
    installFakeBff({
      'debts.creditors': () => {
        throw new FakeTrpcError('UNAUTHORIZED', 'Token expirado');
      },
    });
    const { router } = renderApp(paths.minhaConta, { session: MARIA });
    expect(await screen.findByRole('button', { name: 'Consultar grátis' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.home);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("lists a creditor's contracts, and 'Ver contrato' opens the negotiation with the contract's flags", async () => {
    const user = userEvent.setup();
    const fake = installFakeBff({
      'debts.creditors': () => CREDITORS,
      'negotiation.open': () => ({
        contratos: [
          contract({ contrato: '4587120093', contratoExibido: '45***093' }),
          contract({ contrato: '883104', contratoExibido: '883104', chamarDivida: false }),
        ],
        seguinte: null,
      }),
    });
    const { router } = renderApp(paths.minhaConta, { session: MARIA });

    const showMore = await screen.findByRole('button', { name: 'Ver mais: Horizonte Lojas' });
    await user.click(showMore);
    const dialog = await screen.findByRole('dialog', { name: 'Horizonte Lojas' });
    expect(dialog.getAttribute('data-modal')).toBe('modalDetalhesContrato');
    expect(await within(dialog).findByText('Contrato 45***093')).toBeTruthy();
    expect(fake.callsTo('negotiation.open')[0]?.input).toEqual({ codcredor: '2' });

    await user.click(within(dialog).getByRole('button', { name: 'Ver contrato 883104' }));
    expect(router.state.location.pathname).toBe(paths.negociacao);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      credor: '2',
      contrato: '883104',
      logoUrl: '/api/logos/horizonte.svg',
      chamarProposta: 'true',
      chamarDivida: 'false',
      parcelasIndividuaisSequenciais: 'true',
    });
  });

  it('goes straight on when the creditor holds one contract, to /acordos when it has an agreement', async () => {
    const user = userEvent.setup();
    installFakeBff({
      'debts.creditors': () => CREDITORS,
      'negotiation.open': () => ({
        contratos: [contract({ contrato: '5521009', destino: 'acordos' })],
        seguinte: null,
      }),
    });
    const { router } = renderApp(paths.minhaConta, { session: MARIA });
    await user.click(await screen.findByRole('button', { name: 'Ver mais: Ipê Eletro' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.acordos));
    expect(router.state.location.search).toBe(
      '?credor=1&contrato=5521009&logoUrl=%2Fapi%2Flogos%2Fipe.svg&chamarAcordo=true',
    );
  });

  it("goes straight on with the next page's data in the same answer: /negociacao shows it without asking", async () => {
    const user = userEvent.setup();
    const pedido = { codcredor: '3', contrato: '30118845720', propostas: true, dividas: true };
    const fake = installFakeBff({
      'debts.creditors': () => CREDITORS,
      'negotiation.open': () => ({
        contratos: [contract({ contrato: '30118845720' })],
        seguinte: { pagina: 'negociacao', pedido, ofertas: offers() },
      }),
      'negotiation.offers': () => offers(),
    });
    const { router } = renderApp(paths.minhaConta, { session: MARIA });
    await user.click(await screen.findByRole('button', { name: 'Ver mais: Onda Telecom' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.negociacao));
    expect(await screen.findByRole('heading', { name: 'À vista' })).toBeTruthy();
    expect(fake.callsTo('negotiation.open')).toHaveLength(1);
    expect(fake.callsTo('negotiation.offers')).toEqual([]);
  });

  it('shows why the contracts could not be listed and closes', async () => {
    const user = userEvent.setup();
    installFakeBff({
      'debts.creditors': () => CREDITORS,
      'negotiation.open': () => {
        throw new FakeTrpcError('GATEWAY_TIMEOUT', 'Erro de timeout');
      },
    });
    renderApp(paths.minhaConta, { session: MARIA });
    const showMore = await screen.findByRole('button', { name: 'Ver mais: Onda Telecom' });
    await user.click(showMore);
    const dialog = await screen.findByRole('dialog', { name: 'Onda Telecom' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Erro de timeout');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(showMore);
  });

  it('opens the phone menu, closes it with Escape, and signs out from it', async () => {
    writeConsent(true);
    onTestFinished(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: clears the consent cookie this test set
      document.cookie = 'aceito=; path=/; max-age=0';
    });
    const user = userEvent.setup();
    const fake = installFakeBff({ 'debts.creditors': () => CREDITORS, 'auth.signOut': () => ({ ok: true }) });
    const { router, queryClient } = renderApp(paths.minhaConta, { session: MARIA });
    await screen.findAllByRole('button', { name: /Ver mais/ });

    const menuButton = screen.getByRole('button', { name: 'Abrir menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    await user.click(menuButton);
    let menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByText('Maria Aparecida')).toBeTruthy();
    expect(within(menu).getByText('CPF 529.982.247-25')).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Mais opções' }).getAttribute('href')).toBe(
      paths.maisOpcoes,
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(document.activeElement).toBe(menuButton);

    await user.click(menuButton);
    menu = screen.getByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('button', { name: 'Sair' }));

    expect(await screen.findByRole('button', { name: 'Consultar grátis' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.home);
    expect(fake.callsTo('auth.signOut')).toHaveLength(1);
    const cachedPaths = queryClient
      .getQueryCache()
      .findAll()
      .map((query) => (query.queryKey[0] as string[]).join('.'));
    expect(cachedPaths.sort()).toEqual(['auth.session', 'partners.list']);
    expect(document.body.classList.contains('has-modal')).toBe(false);
  });

  it('shows who is signed in, "Minha conta" and "Sair" in the header on wider screens', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query === '(min-width: 768px)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    installFakeBff({ 'debts.creditors': () => [], 'auth.signOut': () => ({ ok: true }) });
    const { router } = renderApp(paths.minhaConta, { session: MARIA });

    const header = await screen.findByRole('banner');
    expect(header.textContent).toContain('Maria Aparecida');
    expect(header.textContent).toContain('CPF 529.982.247-25');
    expect(within(header).getByRole('link', { name: 'Minha conta' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.queryByRole('button', { name: 'Abrir menu' })).toBeNull();

    await user.click(within(header).getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
  });
});
