import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, FakeTrpcError, type Handler, installFakeBff } from '../../../test/fake-bff';
import { concludedFrom, summary } from '../../../test/fixtures/negotiation';
import { MARIA, renderApp } from '../../../test/render-app';
import type { RouterOutputs, Summary } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';
import { NOT_MADE_MESSAGE, PROCESSING_MESSAGE } from './summary-page';

function renderSummary(
  data: Summary | null = summary(),
  create: Handler<'agreements.create'> = () => ({ status: 'concluido', acordo: concludedFrom() }),
  intent: Handler<'agreements.intent'> = () => ({ status: 'nenhum' }),
) {
  const fake = installFakeBff({
    'negotiation.summary': () => data,
    'agreements.create': create,
    'agreements.intent': intent,
    'agreements.concluded': () => null,
    'debts.creditors': () => [],
  });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(paths.resumo, { session: MARIA }) };
}

const lines = () =>
  within(screen.getByRole('region', { name: 'Detalhes da negociação' }))
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`.replace(/\u00a0/g, ' '));

describe('/resumo', () => {
  it('sends a user without a summary to Minha conta', async () => {
    const { router } = renderSummary(null);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
  });

  it('shows an upfront agreement: operations by contract and only the details it has', async () => {
    renderSummary();
    expect(await screen.findByRole('heading', { level: 1, name: 'Resumo do acordo' })).toBeTruthy();
    expect(lines()).toEqual([
      'Forma de pagamento: Boleto',
      'Negociação: À vista',
      `Vencimento: ${screen.getAllByText(/\d{2}\/\d{2}\/\d{4}/).at(-1)?.textContent}`,
      'Valor atualizado: R$ 445,01',
      'Desconto: R$ 111,25',
      'Total a pagar: R$ 333,76',
    ]);
    const operation = screen.getByRole('button', { name: 'Contrato 30***720' });
    expect(operation.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('region', { name: 'Parcelas do contrato 30***720' });
    expect(within(list).getAllByRole('row')).toHaveLength(3);
    expect(list.getAttribute('tabindex')).toBe('0');
  });

  it("labels each value of an instalment's card with its column, for sight only: the table names it", async () => {
    renderSummary();
    const list = await screen.findByRole('region', { name: 'Parcelas do contrato 30***720' });
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    for (const row of within(list).getAllByRole('row').slice(1)) {
      const cells = within(row).getAllByRole('cell');
      expect(cells).toHaveLength(4);
      const labels = cells.slice(0, 3).map((cell) => cell.querySelector('[aria-hidden="true"]')?.textContent);
      expect(labels).toEqual(headers.slice(0, 3));
    }
  });

  it('shows the entry and the other instalments of a plan, without a discount line when there is none', async () => {
    renderSummary(
      summary({
        tipoAcordo: 'AP',
        detalhes: {
          negociacao: 'Parcelado',
          entradaCents: 54_191,
          demaisParcelas: { quantidade: 2, valorCents: 54_189 },
          vencimento: '2026-12-01',
          atualizadoCents: null,
          descontoCents: null,
          totalCents: 162_569,
        },
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Resumo do acordo' });
    expect(lines()).toEqual([
      'Forma de pagamento: Boleto',
      'Valor de entrada: R$ 541,91',
      'Demais parcelas: 2x de R$ 541,89',
      'Negociação: Parcelado',
      'Vencimento: 01/12/2026',
      'Total a pagar: R$ 1.625,69',
    ]);
  });

  it('collapses and expands an operation', async () => {
    const { user } = renderSummary();
    const operation = await screen.findByRole('button', { name: 'Contrato 30***720' });
    await user.click(operation);
    expect(operation.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Parcelas do contrato 30***720' })).toBeNull();
  });

  it("asks a card payer for nothing and offers 'Realizar pagamento'", async () => {
    renderSummary(summary({ formaPagamento: 'cartao', pagamentoSite: false }));
    expect(await screen.findByRole('button', { name: 'Realizar pagamento' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Envio de acordo' })).toBeNull();
  });

  it('checks the e-mail once touched and keeps the phone closed while the e-mail is invalid', async () => {
    const { user, fake } = renderSummary();
    const email = await screen.findByPlaceholderText('Digite seu email');
    const phone = screen.getByPlaceholderText('Digite seu celular') as HTMLInputElement;
    expect(
      screen.getByText(/Para concluirmos sua negociação, por favor digite abaixo seu e-mail e telefone:/),
    );
    await user.type(email, 'maria@');
    await user.tab();
    expect(await screen.findByText('Email inválido.')).toBeTruthy();
    expect(phone.disabled).toBe(true);
    expect(phone.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Corrija o e-mail para informar o celular.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Concluir acordo' }));
    expect(fake.callsTo('agreements.create')).toHaveLength(0);
    expect(document.activeElement).toBe(email);

    await user.clear(email);
    expect(phone.disabled).toBe(false);
    await user.type(phone, '11123');
    await user.tab();
    expect(await screen.findByText('Telefone inválido.')).toBeTruthy();
  });

  it('concludes with the summary key and the contacts typed, and shows the concluded page', async () => {
    const reply = deferred<RouterOutputs['agreements']['create']>();
    const { user, fake, router } = renderSummary(summary(), () => reply.promise);
    await user.type(await screen.findByPlaceholderText('Digite seu email'), ' Maria.Silva@Example.com');
    await user.type(screen.getByPlaceholderText('Digite seu celular'), '11912345678');
    await user.click(screen.getByRole('button', { name: 'Concluir acordo' }));

    expect(await screen.findByRole('dialog', { name: 'Carregando' })).toBeTruthy();
    expect(fake.callsTo('agreements.create')[0]?.input).toEqual({
      chave: summary().chave,
      email: 'maria.silva@example.com',
      telefone: '(11) 91234-5678',
    });
    reply.resolve({ status: 'concluido', acordo: concludedFrom() });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.acordoConcluido));
  });

  it('polls a creation still processing, never sends it again, and ends on the concluded page', async () => {
    // on opening the page nothing is under way; after the click, still processing, then concluded
    const states: RouterOutputs['agreements']['intent'][] = [
      { status: 'nenhum' },
      { status: 'processando' },
      { status: 'concluido', acordo: concludedFrom() },
    ];
    const { user, fake, router } = renderSummary(
      summary({ formaPagamento: 'pix' }),
      () => ({ status: 'processando' }),
      () => states.shift() ?? { status: 'concluido', acordo: concludedFrom() },
    );
    await user.click(await screen.findByRole('button', { name: 'Concluir acordo' }));
    expect(await screen.findByText(PROCESSING_MESSAGE)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Concluir acordo' }).disabled).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.acordoConcluido), {
      timeout: 6_000,
    });
    expect(fake.callsTo('agreements.create')).toHaveLength(1);
    expect(fake.callsTo('agreements.intent').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('follows a creation another tab already sent (409) instead of showing an error', async () => {
    const states: RouterOutputs['agreements']['intent'][] = [{ status: 'nenhum' }];
    const { user, fake, router } = renderSummary(
      summary({ formaPagamento: 'pix' }),
      () => {
        throw new FakeTrpcError('CONFLICT', 'Seu acordo está sendo processado.');
      },
      () => states.shift() ?? { status: 'concluido', acordo: concludedFrom() },
    );
    await user.click(await screen.findByRole('button', { name: 'Concluir acordo' }));
    expect(await screen.findByText(PROCESSING_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.acordoConcluido), {
      timeout: 4_000,
    });
    expect(fake.callsTo('agreements.create')).toHaveLength(1);
  });

  it('finds a creation under way after a reload, and takes a made one to its agreement on /acordos', async () => {
    const states: RouterOutputs['agreements']['intent'][] = [{ status: 'processando' }];
    const made = { status: 'registrado' as const, codcredor: '1008', contrato: '3012345720', logoUrl: null };
    const { fake, router } = renderSummary(
      summary({ formaPagamento: 'pix' }),
      undefined,
      () => states.shift() ?? made,
    );
    expect(await screen.findByText(PROCESSING_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.acordos), { timeout: 4_000 });
    expect(router.state.location.search).toBe('?credor=1008&contrato=3012345720&chamarAcordo=true');
    expect(fake.callsTo('agreements.create')).toHaveLength(0);
  });

  it('says so when a creation is proven to have made nothing, and lets the person send it again', async () => {
    // nothing under way on opening; after the click and one poll, proven to have made nothing
    const states: RouterOutputs['agreements']['intent'][] = [{ status: 'nenhum' }, { status: 'nenhum' }];
    const { user, fake } = renderSummary(
      summary({ formaPagamento: 'pix' }),
      () => ({ status: 'processando' }),
      () => states.shift() ?? { status: 'processando' },
    );
    await user.click(await screen.findByRole('button', { name: 'Concluir acordo' }));
    expect((await screen.findByRole('alertdialog', {}, { timeout: 4_000 })).textContent).toContain(
      NOT_MADE_MESSAGE,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Concluir acordo' });
    expect(button.disabled).toBe(false);
    expect(fake.callsTo('agreements.create')).toHaveLength(1);
  });

  it('goes to /erro-efetivacao when the upstream refuses the agreement', async () => {
    const { user, router } = renderSummary(summary({ formaPagamento: 'pix' }), () => ({ status: 'erro' }));
    await user.click(await screen.findByRole('button', { name: 'Concluir acordo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.erroEfetivacao));
    expect(router.state.location.state).toEqual({ codCredor: '1008' });
  });

  it('shows why an agreement could not be requested, and stays', async () => {
    const { user, router } = renderSummary(summary({ formaPagamento: 'pix' }), () => {
      throw new FakeTrpcError('GATEWAY_TIMEOUT', 'Erro de timeout');
    });
    await user.click(await screen.findByRole('button', { name: 'Concluir acordo' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Erro de timeout');
    expect(router.state.location.pathname).toBe(paths.resumo);
  });

  it('goes back to the page that built the summary', async () => {
    const { user, router } = renderSummary();
    await user.click(await screen.findByRole('link', { name: 'Voltar' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(summary().retorno);
  });
});
