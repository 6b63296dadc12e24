import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, type FakeHandlers, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { concluded, inProgress } from '../../../test/fixtures/agreements';
import { MARIA, renderApp } from '../../../test/render-app';
import { QUERY_ERROR_MESSAGE } from '../../components/ui/query-error-modal';
import type { AgreementInProgress, ConcludedAgreement } from '../../lib/api/trpc';
import { agreementsHref } from '../../lib/navigation/journey-links';
import { paths } from '../../lib/navigation/paths';
import { FUTURE_HINT, NOTHING_TO_ISSUE } from './agreements-page';

const LINK = agreementsHref({ codcredor: '1', contrato: '5521009', logoUrl: '/api/logos/ipe.svg' });

function renderAgreements(handlers: FakeHandlers = {}, path = LINK) {
  const fake = installFakeBff({
    'agreements.inProgress': () => inProgress(),
    'debts.creditors': () => [],
    ...handlers,
  });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(path, { session: MARIA }) };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Acordos em andamento' });
/** The page once the agreement has come: its instalments listed. */
const loaded = () => screen.findByRole('list', { name: 'Parcelas do acordo' });
const instalment = (numero: number) =>
  screen.getByRole('heading', { level: 2, name: `Parcela ${numero}` }).closest('li') as HTMLElement;
const details = (item: HTMLElement) =>
  within(item)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`.replace(/\u00a0/g, ' '));

describe('/acordos', () => {
  it.each([
    ['no contract', `${paths.acordos}?credor=1`],
    ['no creditor', `${paths.acordos}?contrato=5521009`],
  ])('sends a user whose link has %s to Minha conta without asking the BFF', async (_, path) => {
    const { fake, router } = renderAgreements({}, path);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
    expect(fake.callsTo('agreements.inProgress')).toHaveLength(0);
  });

  it('looks the agreement up behind "Buscando dados..." and lists its instalments', async () => {
    const reply = deferred<AgreementInProgress>();
    const { fake } = renderAgreements({ 'agreements.inProgress': () => reply.promise });
    expect(await screen.findByRole('dialog', { name: 'Buscando dados...' })).toBeTruthy();
    expect(fake.callsTo('agreements.inProgress').map((call) => call.input)).toEqual([
      { codcredor: '1', contrato: '5521009' },
    ]);
    reply.resolve(inProgress());

    const title = await heading();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(title);
    expect(document.title).toBe('Acordos em andamento | Negocia Varejo');
    expect(screen.getByRole('img', { name: 'Ipê Eletro' }).getAttribute('src')).toBe('/api/logos/ipe.svg');
    expect(screen.getByText('Contrato 55***009')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Parcelas do acordo' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(details(instalment(4))).toEqual(['Vencimento: 10/06/2026', 'Valor a pagar: R$ 250,00']);
    expect(details(instalment(5))).toEqual(['Vencimento: 10/07/2026', 'Valor a pagar: R$ 1.234,56']);
  });

  it('marks a paid instalment "Pago em" its day instead of a button, with the accent border', async () => {
    renderAgreements();
    await loaded();
    const paid = instalment(3);
    expect(within(paid).getByText('Pago em 08/05/2026')).toBeTruthy();
    expect(within(paid).queryByRole('button', { name: /Gerar pagamento/ })).toBeNull();
    expect(paid.classList.contains('agreement-instalment--paid')).toBe(true);
  });

  it('says "Pago" alone when the upstream gives no payment day', async () => {
    const data = inProgress();
    renderAgreements({
      'agreements.inProgress': () => ({
        ...data,
        parcelas: data.parcelas.map((p) => ({ ...p, pagoEm: null })),
      }),
    });
    await loaded();
    expect(within(instalment(3)).getByText('Pago')).toBeTruthy();
  });

  it('shows the deadline to lift the negative record and the business days left, after the payment', async () => {
    renderAgreements({
      'agreements.inProgress': () =>
        inProgress({
          baixa: {
            confirmadoEm: '2026-11-27',
            prazo: '2026-12-04',
            diasUteisRestantes: 4,
            situacao: 'no-prazo',
            reclamacao: null,
          },
        }),
    });
    await loaded();
    const box = screen.getByRole('region', { name: 'Prazo para limpar seu nome' });
    expect(box.textContent).toBe(
      'Prazo para limpar seu nomePagamento confirmado em 27/11/2026. Pela Súmula 548 do STJ, Ipê Eletro tem até 04/12/2026 para retirar seu nome dos cadastros de inadimplentes: faltam 4 dias úteis.',
    );
  });

  it('says the name is still reported past the deadline: the 0800, consumidor.gov.br and the data to copy', async () => {
    const reclamacao = 'Empresa: Ipê Eletro\nContrato: 5521009';
    const { user } = renderAgreements({
      'agreements.inProgress': () =>
        inProgress({
          baixa: {
            confirmadoEm: '2026-11-02',
            prazo: '2026-11-09',
            diasUteisRestantes: 0,
            situacao: 'atrasada',
            reclamacao,
          },
        }),
    });
    await loaded();
    const box = screen.getByRole('region', { name: 'Seu nome continua negativado' });
    expect(box.textContent).toContain('O prazo para retirar a negativação terminou em 09/11/2026');
    expect(within(box).getByRole('link', { name: '0800 000 3634' }).getAttribute('href')).toBe(
      'tel:08000003634',
    );
    const site = within(box).getByRole('link', { name: 'consumidor.gov.br (abre em nova aba)' });
    expect(site.getAttribute('href')).toBe('https://www.consumidor.gov.br');
    expect((within(box).getByLabelText('Dados para a reclamação') as HTMLTextAreaElement).value).toBe(
      reclamacao,
    );
    await user.click(within(box).getByRole('button', { name: 'Copiar dados' }));
    expect(await navigator.clipboard.readText()).toBe(reclamacao);
    expect(within(box).getByRole('status').textContent).toBe('Dados copiados.');
  });

  it('offers the declaration of settlement once every instalment is paid, and gives its verification code', async () => {
    const { fake, user } = renderAgreements({
      'agreements.inProgress': () => inProgress({ quitado: true }),
      'agreements.settlementDeclaration': () => ({
        codigo: 'QT-7K2M-9XQ4-HB3D',
        pdfUrl: '/api/quitacoes/QT-7K2M-9XQ4-HB3D.pdf',
        arquivo: '5521009_declaracao-quitacao.pdf',
      }),
    });
    await loaded();
    const box = screen.getByRole('region', { name: 'Acordo quitado' });
    await user.click(within(box).getByRole('button', { name: 'Baixar declaração de quitação' }));
    expect(await within(box).findByText('QT-7K2M-9XQ4-HB3D')).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'Verificar boleto ou PIX' }).getAttribute('href')).toBe(
      '/verificar-boleto-ou-pix',
    );
    expect(fake.callsTo('agreements.settlementDeclaration').map((call) => call.input)).toEqual([
      { codcredor: '1', contrato: '5521009' },
    ]);
  });

  it('offers no declaration while an instalment is unpaid', async () => {
    renderAgreements();
    await loaded();
    expect(screen.queryByRole('button', { name: 'Baixar declaração de quitação' })).toBeNull();
  });

  it('shows no deadline before a payment is confirmed', async () => {
    renderAgreements();
    await loaded();
    expect(
      screen.queryByRole('region', { name: /Prazo para limpar seu nome|continua negativado/ }),
    ).toBeNull();
  });

  it('lets an open instalment generate its payment; a future one is disabled and says why', async () => {
    renderAgreements();
    await loaded();
    const open = instalment(4);
    const generate = within(open).getByRole('button', { name: 'Gerar pagamento da parcela 4' });
    expect(generate.textContent).toBe('Gerar pagamento');
    expect((generate as HTMLButtonElement).disabled).toBe(false);
    expect(open.classList.contains('agreement-instalment--open')).toBe(true);

    const future = instalment(5);
    const waiting = within(future).getByRole('button', { name: 'Gerar pagamento da parcela 5' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(waiting.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      FUTURE_HINT,
    );
    expect(future.classList.contains('agreement-instalment--future')).toBe(true);
    expect(future.classList.contains('agreement-instalment--open')).toBe(false);
  });

  it('re-issues an open instalment and shows the new payment on /reemissao-concluida', async () => {
    const reply = deferred<{ status: 'concluido'; acordo: ConcludedAgreement }>();
    const reissued = concluded({ tipo: 'reemissao', titulo: 'Pagamento gerado com sucesso!' });
    const { fake, user, router } = renderAgreements({
      'agreements.reissue': () => reply.promise,
      'agreements.concluded': () => reissued,
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Gerar pagamento da parcela 4' }));

    expect(await screen.findByRole('dialog', { name: 'Carregando' })).toBeTruthy();
    expect(fake.callsTo('agreements.reissue').map((call) => call.input)).toEqual([
      { codcredor: '1', contrato: '5521009', parcela: 'A-4' },
    ]);
    reply.resolve({ status: 'concluido', acordo: reissued });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento gerado com sucesso!' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.reemissaoConcluida);
  });

  it('says when nothing is left to issue, and "Ir para Minha Conta" leads on', async () => {
    const { fake, user, router } = renderAgreements({
      'agreements.reissue': () => ({ status: 'sem-boletos' }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Gerar pagamento da parcela 4' }));

    const notice = await screen.findByRole('alertdialog', { name: NOTHING_TO_ISSUE });
    expect(NOTHING_TO_ISSUE).toBe('Não há parcelas a emitir neste acordo');
    expect(notice.getAttribute('data-modal')).toBe('modalSemParcelas');
    expect(notice.textContent).toContain('Ele pode ter sido quitado ou encerrado pelo credor.');
    expect(router.state.location.pathname).toBe(paths.acordos);
    expect(fake.callsTo('agreements.reissue')).toHaveLength(1);

    await user.click(within(notice).getByRole('button', { name: 'Ir para Minha Conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes the notice of nothing left to issue with "Fechar" and asks for the agreement again', async () => {
    const { fake, user, router } = renderAgreements({
      'agreements.reissue': () => ({ status: 'sem-boletos' }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Gerar pagamento da parcela 4' }));
    const notice = await screen.findByRole('alertdialog', { name: NOTHING_TO_ISSUE });
    await user.click(within(notice).getByRole('button', { name: 'Fechar' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(fake.callsTo('agreements.inProgress')).toHaveLength(2));
    expect(router.state.location.pathname).toBe(paths.acordos);
  });

  it("shows the server's message when the re-issue fails, and stays", async () => {
    const refused = 'Ocorreu um erro ao solicitar sua requisição.';
    const { user, router } = renderAgreements({
      'agreements.reissue': () => {
        throw new FakeTrpcError('BAD_REQUEST', refused);
      },
    });
    await loaded();
    const generate = screen.getByRole('button', { name: 'Gerar pagamento da parcela 4' });
    await user.click(generate);

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.getAttribute('data-modal')).toBe('modalError');
    expect(dialog.textContent).toContain(refused);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(generate);
    expect(router.state.location.pathname).toBe(paths.acordos);
  });

  it("shows the server's message when the agreement cannot be looked up, and leaves for Minha conta", async () => {
    const { user, router } = renderAgreements({
      'agreements.inProgress': () => {
        throw new FakeTrpcError('GATEWAY_TIMEOUT', 'Erro de timeout');
      },
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.getAttribute('data-modal')).toBe('modalErroConsulta');
    expect(dialog.textContent).toContain('Erro de timeout');
    await user.click(within(dialog).getByRole('button', { name: 'Voltar para minha conta' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.minhaConta);
  });

  it('says the default consultation error when the server gives no message', async () => {
    renderAgreements({
      'agreements.inProgress': () => {
        throw new FakeTrpcError('INTERNAL_SERVER_ERROR', '');
      },
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(QUERY_ERROR_MESSAGE);
    expect(QUERY_ERROR_MESSAGE).toBe(
      'Ocorreu um erro ao consultar seus dados. Por gentileza, tente novamente mais tarde.',
    );
  });

  it('goes back to Minha conta with the arrow', async () => {
    const { user, router } = renderAgreements();
    await loaded();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Minha conta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
  });
});
