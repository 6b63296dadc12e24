import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, type FakeHandlers, installFakeBff } from '../../../test/fake-bff';
import { BUDGET, NO_BUDGET } from '../../../test/fixtures/budget';
import {
  concludedFrom,
  debt,
  NEGOTIATION_URL,
  offers,
  plan,
  proposal,
  summary,
} from '../../../test/fixtures/negotiation';
import { MARIA, renderApp } from '../../../test/render-app';
import type { RouterOutputs } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';

type SummaryFit = NonNullable<RouterOutputs['negotiation']['summaryFit']>;

beforeEach(() => {
  // jsdom has no layout: the negotiation page scrolls its instalments into view.
  Element.prototype.scrollIntoView = () => {};
});

const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');
const PROPOSALS_URL = NEGOTIATION_URL.replace(paths.negociacao, paths.propostas);

function render(url: string, handlers: FakeHandlers) {
  const fake = installFakeBff({
    'negotiation.saveSummary': () => summary(),
    'negotiation.summary': () => summary(),
    ...handlers,
  });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(url, { session: MARIA }) };
}

describe("'Cabe no meu bolso?' on the offers", () => {
  const OFFERS = [
    proposal(), // R$ 1.219,27 at once: more than is free
    plan(2), // R$ 541,91 then R$ 541,89: fits
    proposal({ id: 'T-AV', parcelasFuturas: true, valorPagoCents: 95_000 }), // within what is free, but tight
    // The entry is the heavier month: weighed by the instalment alone it would fit.
    plan(3, true, { entradaCents: 90_000, parcelaCents: 30_000, totalCents: 180_000 }),
  ];

  /** Overdue and upcoming debts: both sets of offers are shown. */
  const DEBTS = [debt('a1', -35), debt('f1', 25)];

  it('marks every offer on /propostas, its mark ending its name', async () => {
    render(PROPOSALS_URL, {
      'negotiation.offers': () => offers({ proposals: OFFERS, debts: DEBTS }),
      'budget.get': () => BUDGET,
    });
    await screen.findByRole('button', { name: /^À vista R\$\s1\.219,27 Não cabe$/ });
    const names = screen.getAllByRole('button', { name: /À vista|Entrada/ }).map(text);
    expect(names).toEqual([
      'À vista R$ 1.219,27 Não cabe',
      'Entrada: R$ 541,91 2x R$ 541,89Total: R$ 1.625,69 Cabe',
      'À vista R$ 950,00 Aperta',
      'Entrada: R$ 900,00 3x R$ 300,00Total: R$ 1.800,00 Aperta',
    ]);
  });

  it('marks nothing on /propostas without a budget, and asks for the budget once for all the offers', async () => {
    const { fake, queryClient } = render(PROPOSALS_URL, {
      'negotiation.offers': () => offers({ proposals: OFFERS, debts: DEBTS }),
      'budget.get': () => NO_BUDGET,
    });
    await screen.findByRole('button', { name: /^À vista R\$\s1\.219,27$/ });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByText(/^(Cabe|Aperta|Não cabe)$/)).toBeNull();
    expect(fake.callsTo('budget.get')).toHaveLength(1);
  });

  it("marks the upfront offer on /negociacao after its price, and in the payment modal beside 'Valor'", async () => {
    const { user } = render(NEGOTIATION_URL, {
      'negotiation.offers': () => offers({ proposals: [proposal({ valorPagoCents: 65_000 })] }),
      'budget.get': () => BUDGET,
    });
    const card = await screen.findByRole('article', { name: 'À vista' });
    await waitFor(() => expect(text(within(card).getByText(/^Por/))).toBe('Por R$ 650,00 Cabe'));
    await user.click(within(card).getByRole('button', { name: 'Negociar' }));
    const modal = await screen.findByRole('dialog', { name: 'Como você quer pagar?' });
    expect(text(within(modal).getByText(/^Valor:/))).toBe('Valor: R$ 650,00 Cabe');
  });

  it('marks nothing on /negociacao nor in the payment modal without a budget', async () => {
    const { user, queryClient } = render(NEGOTIATION_URL, {
      'negotiation.offers': () => offers(),
      'budget.get': () => NO_BUDGET,
    });
    const card = await screen.findByRole('article', { name: 'À vista' });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(text(within(card).getByText(/^Por/))).toBe('Por R$ 1.219,27');
    await user.click(within(card).getByRole('button', { name: 'Negociar' }));
    const modal = await screen.findByRole('dialog', { name: 'Como você quer pagar?' });
    expect(text(within(modal).getByText(/^Valor:/))).toBe('Valor: R$ 1.219,27');
  });
});

describe("'Cabe no meu bolso?' on /resumo", () => {
  const renderSummary = (fit: SummaryFit | null) =>
    render(paths.resumo, {
      'negotiation.summaryFit': () => fit,
      'agreements.create': () => ({ status: 'concluido', acordo: concludedFrom() }),
      'agreements.intent': () => ({ status: 'nenhum' }),
      'agreements.concluded': () => null,
      'debts.creditors': () => [],
    });

  const TOO_MUCH: SummaryFit = {
    livreCents: 30_000,
    mensalCents: 33_376,
    ajuste: 'nao-cabe',
    cabem: [
      {
        id: 'P-AP6',
        tipo: 'AP',
        valorPagoCents: 0,
        entradaCents: 0,
        quantidadeParcelas: 6,
        parcelaCents: 6_000,
        mensalCents: 6_000,
        ajuste: 'cabe',
      },
      {
        id: 'P-AP2',
        tipo: 'AP',
        valorPagoCents: 12_000,
        entradaCents: 12_000,
        quantidadeParcelas: 2,
        parcelaCents: 11_500,
        mensalCents: 12_000,
        ajuste: 'cabe',
      },
      {
        id: 'P-AV2',
        tipo: 'AV',
        valorPagoCents: 25_000,
        entradaCents: 0,
        quantidadeParcelas: 0,
        parcelaCents: 0,
        mensalCents: 25_000,
        ajuste: 'aperta',
      },
    ],
  };

  it('says an agreement does not fit, lists the offers that would, and still lets it be concluded', async () => {
    const { user, fake, router } = renderSummary(TOO_MUCH);
    const notice = await screen.findByRole('region', { name: 'Este acordo não cabe no seu orçamento' });
    expect(text(notice)).toContain(
      'Ele pede R$ 333,76 em um mês, e sobram R$ 300,00 por mês no seu orçamento.',
    );
    expect(within(notice).getByText('Estas ofertas do mesmo contrato cabem:')).toBeTruthy();
    expect(within(notice).getAllByRole('listitem').map(text)).toEqual([
      '6 × R$ 60,00 Cabe',
      'Entrada de R$ 120,00 + 2 × R$ 115,00 Cabe',
      'À vista R$ 250,00 Aperta',
    ]);
    expect(within(notice).getByRole('link', { name: 'Escolher outra oferta' }).getAttribute('href')).toBe(
      summary().retorno,
    );
    expect(within(notice).getByText('Você pode concluir mesmo assim: a escolha é sua.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    const conclude = screen.getByRole('button', { name: 'Concluir acordo' }) as HTMLButtonElement;
    expect(conclude.disabled).toBe(false);
    await user.click(conclude);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.acordoConcluido));
    expect(fake.callsTo('agreements.create')).toHaveLength(1);
  });

  it('says so when no offer of the contract fits, without a way to another offer', async () => {
    renderSummary({ ...TOO_MUCH, cabem: [] });
    const notice = await screen.findByRole('region', { name: 'Este acordo não cabe no seu orçamento' });
    expect(within(notice).getByText('Nenhuma oferta deste contrato cabe no seu orçamento.')).toBeTruthy();
    expect(within(notice).queryByRole('list')).toBeNull();
    expect(within(notice).queryByRole('link')).toBeNull();
    expect(within(notice).getByText('Você pode concluir mesmo assim: a escolha é sua.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Concluir acordo' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it.each([
    ['cabe', 'Cabe'],
    ['aperta', 'Aperta'],
  ] as const)('marks an agreement that fits (%s) in one line, without the notice', async (ajuste, word) => {
    renderSummary({
      livreCents: 100_000,
      mensalCents: ajuste === 'cabe' ? 33_376 : 90_000,
      ajuste,
      cabem: [],
    });
    const line = await screen.findByText(/^Cabe no meu bolso\?/);
    expect(text(line)).toBe(`Cabe no meu bolso? ${word}`);
    expect(screen.queryByRole('region', { name: 'Este acordo não cabe no seu orçamento' })).toBeNull();
  });

  it('says nothing without a budget', async () => {
    const { fake, queryClient } = renderSummary(null);
    await screen.findByRole('heading', { level: 1, name: 'Resumo do acordo' });
    await waitFor(() => expect(fake.callsTo('negotiation.summaryFit')).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByText(/Cabe no meu bolso|não cabe no seu orçamento/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Concluir acordo' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows, back on /resumo, only what is said of the summary now on screen, not of an earlier one', async () => {
    const { user, fake, router } = renderSummary(TOO_MUCH);
    const notice = await screen.findByRole('region', { name: 'Este acordo não cabe no seu orçamento' });
    fake.on('negotiation.offers', () => offers());
    fake.on('budget.get', () => NO_BUDGET);
    await user.click(within(notice).getByRole('link', { name: 'Escolher outra oferta' }));
    await screen.findByRole('article', { name: 'À vista' });

    const held = deferred<SummaryFit | null>();
    fake.on('negotiation.summaryFit', () => held.promise);
    await router.navigate(paths.resumo);
    await screen.findByRole('heading', { level: 1, name: 'Resumo do acordo' });
    await waitFor(() => expect(fake.callsTo('negotiation.summaryFit')).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Este acordo não cabe no seu orçamento' })).toBeNull();
    held.resolve({ livreCents: 100_000, mensalCents: 33_376, ajuste: 'cabe', cabem: [] });
    expect(text(await screen.findByText(/^Cabe no meu bolso\?/))).toBe('Cabe no meu bolso? Cabe');
  });
});
