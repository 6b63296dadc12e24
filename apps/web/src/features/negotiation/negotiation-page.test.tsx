import { formatBrDate } from '@portal/validation/iso-date';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import {
  DATES,
  debt,
  NEGOTIATION_URL,
  offers,
  PAY_ON,
  plan,
  proposal,
  summary,
} from '../../../test/fixtures/negotiation';
import { MARIA, renderApp } from '../../../test/render-app';
import type { Offers } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';

beforeEach(() => {
  // jsdom has no layout: the page scrolls the instalments into view.
  Element.prototype.scrollIntoView = () => {};
});

function renderNegotiation(data: Offers, url = NEGOTIATION_URL) {
  const fake = installFakeBff({
    'negotiation.offers': () => data,
    'negotiation.saveSummary': () => summary(),
    'negotiation.summary': () => summary(),
  });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(url, { session: MARIA }) };
}

const money = (text: string) => text.replace(/\u00a0/g, ' ');

describe('/negociacao', () => {
  it('goes back to Minha conta when the link lacks the contract', async () => {
    const { router } = renderNegotiation(offers(), `${paths.negociacao}?credor=1002`);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.minhaConta));
  });

  it('greets a company by its name, as Minha conta does', async () => {
    installFakeBff({ 'negotiation.offers': () => offers() });
    const company = {
      ...MARIA,
      nome: 'Comércio Exemplo Ltda',
      primeiroNome: 'Comércio',
      nomeCurto: 'Comércio Exemplo',
      documento: '11.222.333/0001-81',
      tipoDocumento: 'CNPJ' as const,
      empresa: true,
    };
    renderApp(NEGOTIATION_URL, { session: company });
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Comércio Exemplo Ltda' })).toBeTruthy();
  });

  it('asks for the proposals and the debts of the contract in the link', async () => {
    const { fake } = renderNegotiation(offers());
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria' })).toBeTruthy();
    expect(fake.callsTo('negotiation.offers')[0]?.input).toEqual({
      codcredor: '1002',
      contrato: '4587120093',
      propostas: true,
      dividas: true,
    });
    expect(screen.getByText('45***093')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Minha conta' }).getAttribute('href')).toBe(paths.minhaConta);
  });

  it('shows only the upfront offer when there is one proposal, red when instalments are past due', async () => {
    renderNegotiation(offers());
    const card = (await screen.findByRole('heading', { name: 'À vista' })).closest('article') as HTMLElement;
    expect(within(card).getByText('Parcelas em atraso').className).toContain('proposal-tag--late');
    expect(money(card.textContent ?? '')).toContain('De R$ 2.032,11 40,00% de desconto');
    expect(money(card.textContent ?? '')).toContain('Por R$ 1.219,27');
    expect(screen.queryByText(/Parcele em até/)).toBeNull();
  });

  it("labels an offer without past-due instalments 'Contrato' and hides a 0% discount", async () => {
    const upcoming = proposal({
      descontoPercentual: null,
      descontoCents: 0,
      prestacoes: [{ numero: 1, contrato: '4587120093', valorCents: 48_990, vencimento: DATES[3] as string }],
    });
    renderNegotiation(offers({ proposals: [upcoming] }));
    const card = (await screen.findByRole('heading', { name: 'À vista' })).closest('article') as HTMLElement;
    expect(within(card).getByText('Contrato').className).not.toContain('late');
    expect(card.textContent).not.toContain('De ');
    expect(card.textContent).not.toContain('desconto');
  });

  it('offers instalments up to the largest plan plus one, leading to /propostas with the same query', async () => {
    const { user, router } = renderNegotiation(
      offers({ proposals: [proposal(), plan(2), plan(10), plan(6)] }),
    );
    const heading = await screen.findByRole('heading', { name: /Parcele em até/ });
    expect(heading.textContent).toBe('Parcele em até: 11 vezes');
    await user.click(screen.getByRole('link', { name: 'Ver propostas' }));
    expect(router.state.location.pathname).toBe(paths.propostas);
    expect(router.state.location.search).toBe(new URL(NEGOTIATION_URL, 'http://x').search);
  });

  it("says 'Veja o que temos para você!' when there are proposals but no plan", async () => {
    renderNegotiation(offers({ proposals: [proposal(), proposal({ id: 'T', parcelasFuturas: true })] }));
    expect(await screen.findByRole('heading', { name: 'Veja o que temos para você!' })).toBeTruthy();
  });

  it('pays the upfront offer: method required, summary saved with the page as its return, then /resumo', async () => {
    const { user, fake, router } = renderNegotiation(offers());
    await user.click(await screen.findByRole('button', { name: 'Negociar' }));
    const modal = await screen.findByRole('dialog', { name: 'Como você quer pagar?' });
    expect(modal.getAttribute('data-modal')).toBe('modalFormasPagamento');
    expect(money(within(modal).getByText(/Valor:/).textContent ?? '')).toBe('Valor: R$ 1.219,27');
    const date = within(modal).getByLabelText('Data de pagamento') as HTMLSelectElement;
    expect(date.value).toBe(PAY_ON);
    expect([...date.options].map((o) => o.textContent)).toEqual(DATES.map(formatBrDate));
    const go = within(modal).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);

    await user.click(within(modal).getByRole('radio', { name: 'PIX' }));
    await user.click(within(modal).getByRole('radio', { name: 'Boleto' }));
    expect((within(modal).getByRole('radio', { name: 'PIX' }) as HTMLInputElement).checked).toBe(false);
    await user.click(go);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.resumo));
    expect(fake.callsTo('negotiation.saveSummary')[0]?.input).toEqual({
      codcredor: '1002',
      contrato: '4587120093',
      formaPagamento: 'boleto',
      selecao: { modo: '1', idProposta: 'P-AV' },
      retorno: NEGOTIATION_URL,
    });
  });

  it('preselects the method chosen on /propostas', async () => {
    const { user } = renderNegotiation(offers(), `${NEGOTIATION_URL}&formaDePagamento=pix`);
    await user.click(await screen.findByRole('button', { name: 'Negociar' }));
    const modal = await screen.findByRole('dialog', { name: 'Como você quer pagar?' });
    expect((within(modal).getByRole('radio', { name: 'PIX' }) as HTMLInputElement).checked).toBe(true);
    expect((within(modal).getByRole('button', { name: 'Continuar' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('values the offer again for another date, with its own wait, and closes on a failure', async () => {
    const { user, fake } = renderNegotiation(offers());
    const other = DATES[2] as string;
    const again = deferred<Offers>();
    await user.click(await screen.findByRole('button', { name: 'Negociar' }));
    fake.on('negotiation.offers', () => again.promise);
    const modal = await screen.findByRole('dialog', { name: 'Como você quer pagar?' });
    await user.selectOptions(within(modal).getByLabelText('Data de pagamento'), other);

    expect(
      await within(modal).findByText('Muito bem! Aguarde enquanto buscamos a sua proposta.'),
    ).toBeTruthy();
    expect(fake.callsTo('negotiation.offers').at(-1)?.input).toEqual({
      codcredor: '1002',
      contrato: '4587120093',
      vencimento: other,
      propostas: true,
      dividas: false,
    });
    again.resolve(
      offers({ proposals: [proposal({ id: 'P-AV-2', valorPagoCents: 123_456, vencimento: other })] }),
    );
    await waitFor(() =>
      expect(money(within(modal).getByText(/Valor:/).textContent ?? '')).toBe('Valor: R$ 1.234,56'),
    );
    expect((within(modal).getByLabelText('Data de pagamento') as HTMLSelectElement).value).toBe(other);

    fake.on('negotiation.offers', () => {
      throw new FakeTrpcError('BAD_REQUEST', 'Data de vencimento inválida.');
    });
    await user.selectOptions(within(modal).getByLabelText('Data de pagamento'), PAY_ON);
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Data de vencimento inválida.');
    expect(screen.queryByRole('dialog', { name: 'Como você quer pagar?' })).toBeNull();
  });

  it('asks about upcoming instalments first; Não goes on to the payment modal', async () => {
    const { user } = renderNegotiation(offers({ debts: [debt('a1', -35), debt('f1', 25), debt('f2', 55)] }));
    await user.click(await screen.findByRole('button', { name: 'Negociar' }));
    const ask = await screen.findByRole('dialog', { name: 'Parcelas a vencer' });
    expect(ask.textContent).toContain(
      'Você possui parcelas que ainda não venceram. Deseja incluí-las nessa negociação?',
    );
    expect(ask.textContent).toContain('2 parcelas a vencer');
    await user.click(within(ask).getByRole('button', { name: 'Não' }));
    expect(await screen.findByRole('dialog', { name: 'Como você quer pagar?' })).toBeTruthy();
  });

  it("'Sim' fills in the overdue instalments; continuing without upcoming ones asks again", async () => {
    const debts = [debt('a1', -35), debt('a2', -5), debt('f1', 25), debt('f2', 55)];
    const { user, fake, router } = renderNegotiation(offers({ debts }));
    await user.click(await screen.findByRole('button', { name: 'Negociar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));

    const block = screen.getByRole('region', { name: 'Escolha as parcelas' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(block).getByRole('heading', { level: 2 })),
    );
    const boxes = within(block).getAllByRole('checkbox', { name: /Contrato/ }) as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, true, false, false]);
    expect(money(screen.getByText('Total').textContent ?? '')).toBe('Total R$ 1.004,00');

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Parcelas a vencer' });
    expect(confirm.getAttribute('data-modal')).toBe('modalConfirmarSomenteAtraso');
    expect(confirm.textContent).toContain(
      'Você ainda não selecionou nenhuma parcela a vencer. Deseja incluir?',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Sim' }));
    const upcoming = screen.getByRole('button', { name: 'Parcelas a vencer (2)' });
    expect(upcoming.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(upcoming));

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Não' }));
    const warning = await screen.findByRole('dialog', { name: 'Atenção' });
    expect(warning.textContent).toContain('Cada parcela selecionada gera o seu próprio boleto');
    await user.click(within(warning).getByRole('button', { name: 'Entendi' }));

    const dates = await screen.findByRole('dialog', { name: 'Pagamento das parcelas' });
    expect((within(dates).getByLabelText('Data de pagamento:') as HTMLSelectElement).value).toBe(PAY_ON);
    expect((within(dates).getByRole('radio', { name: 'Boleto' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dates).getByRole('radio', { name: 'PIX' }));
    await user.click(within(dates).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.resumo));
    expect(fake.callsTo('negotiation.saveSummary')[0]?.input).toMatchObject({
      formaPagamento: 'pix',
      selecao: { modo: '2', parcelas: ['a1', 'a2'], vencimento: PAY_ON },
    });
  });

  it('goes straight to the dates modal for one instalment chosen by hand', async () => {
    const { user } = renderNegotiation(offers({ proposals: [], debts: [debt('a1', -35), debt('f1', 25)] }));
    await user.click(await screen.findByRole('checkbox', { name: /Contrato/ }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('dialog', { name: 'Pagamento das parcelas' })).toBeTruthy();
  });

  it('in sequential mode locks later instalments until the earlier ones are chosen', async () => {
    const debts = [debt('f1', 25), debt('a2', -5), debt('a1', -35)];
    const { user } = renderNegotiation(offers({ sequencial: true, proposals: [], debts }));
    const block = await screen.findByRole('region', { name: 'Escolha as parcelas' });
    expect(block.textContent).toContain('selecione primeiro as de vencimento mais antigo');
    await user.click(screen.getByRole('button', { name: 'Parcelas a vencer (1)' }));
    const rows = () => within(block).getAllByRole('checkbox', { name: /Contrato/ }) as HTMLInputElement[];
    expect(rows().map((r) => r.disabled)).toEqual([false, true, true]);
    expect(rows()[1]?.closest('li')?.className).toContain('is-locked');
    // The upcoming select-all waits for every overdue instalment.
    expect(within(block).getAllByRole('checkbox', { name: /Selecionar todas/ })).toHaveLength(1);

    await user.click(rows()[0] as HTMLInputElement);
    await user.click(rows()[1] as HTMLInputElement);
    expect(rows().map((r) => r.disabled)).toEqual([false, false, false]);
    expect(within(block).getAllByRole('checkbox', { name: /Selecionar todas/ })).toHaveLength(2);
    await user.click(rows()[2] as HTMLInputElement);

    await user.click(rows()[0] as HTMLInputElement);
    expect(rows().map((r) => r.checked)).toEqual([false, false, false]);
    expect(rows().map((r) => r.disabled)).toEqual([false, true, true]);
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
  });

  it("shows the channel's timeout in the query-error modal, which leads back to Minha conta", async () => {
    const fake = installFakeBff({
      'negotiation.offers': () => {
        throw new FakeTrpcError('GATEWAY_TIMEOUT', 'Erro de timeout');
      },
      'debts.creditors': () => [],
    });
    const user = userEvent.setup();
    const { router } = renderApp(NEGOTIATION_URL, { session: MARIA });
    const alert = await screen.findByRole('alertdialog');
    expect(alert.getAttribute('data-modal')).toBe('modalErroConsulta');
    expect(alert.textContent).toContain('Erro de timeout');
    await user.click(within(alert).getByRole('button', { name: 'Voltar para minha conta' }));
    expect(router.state.location.pathname).toBe(paths.minhaConta);
    expect(fake.callsTo('negotiation.offers')).toHaveLength(1);
  });
});
