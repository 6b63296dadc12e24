import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
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

const PROPOSALS_URL = NEGOTIATION_URL.replace(paths.negociacao, paths.propostas);
const ALL = [
  proposal(),
  plan(2),
  proposal({ id: 'T-AV', parcelasFuturas: true, valorPagoCents: 210_109 }),
  plan(3, true, { entradaCents: 70_037, parcelaCents: 70_036, totalCents: 280_145 }),
];

/** The contract's debts: overdue and upcoming ones, so the overdue-only offers have a point. */
const DEBTS = [debt('a1', -35), debt('f1', 25)];

function renderProposals(data: Offers = offers({ proposals: ALL, debts: DEBTS }), url = PROPOSALS_URL) {
  const fake = installFakeBff({
    'negotiation.offers': (input) => {
      const vencimento = (input as { vencimento?: string }).vencimento;
      return vencimento
        ? offers({ proposals: [proposal({ id: `AV-${vencimento}`, vencimento })], debts: data.debts })
        : data;
    },
    'negotiation.saveSummary': () => summary(),
    'negotiation.summary': () => summary(),
  });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(url, { session: MARIA }) };
}

const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

describe('/propostas', () => {
  it('lists the overdue-only and the total-settlement offers under their headings', async () => {
    const { fake } = renderProposals();
    const overdue = await screen.findByRole('region', { name: '*Somente parcelas em atraso.' });
    const total = screen.getByRole('region', {
      name: '*Proposta para quitação de todas as parcelas (parcelas em atraso + a vencer).',
    });
    expect(within(overdue).getAllByRole('button').map(text)).toEqual([
      'À vista R$ 1.219,27',
      'Entrada: R$ 541,91 2x R$ 541,89Total: R$ 1.625,69',
    ]);
    expect(within(total).getAllByRole('button').map(text)).toEqual([
      'À vista R$ 2.101,09',
      'Entrada: R$ 700,37 3x R$ 700,36Total: R$ 2.801,45',
    ]);
    expect(fake.callsTo('negotiation.offers')[0]?.input).toMatchObject({ propostas: true, dividas: true });
  });

  it('leaves out the overdue-only heading when every offer settles everything', async () => {
    renderProposals(offers({ proposals: [proposal({ parcelasFuturas: true })] }));
    expect(await screen.findByRole('region', { name: /quitação de todas as parcelas/ })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '*Somente parcelas em atraso.' })).toBeNull();
  });

  it("offers the payment days with 'Selecione...' and asks again for the day chosen", async () => {
    const { user, fake } = renderProposals();
    const select = (await screen.findByLabelText('Data de pagamento:')) as HTMLSelectElement;
    expect(select.value).toBe(PAY_ON);
    expect(select.options[0]?.textContent).toBe('Selecione...');
    expect(select.options).toHaveLength(DATES.length + 1);

    const other = DATES[4] as string;
    await user.selectOptions(select, other);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /À vista/ })).toHaveLength(1));
    expect(fake.callsTo('negotiation.offers').at(-1)?.input).toMatchObject({ vencimento: other });
    expect(select.value).toBe(other);
  });

  it('selects the first method that may pay a proposal, one at a time', async () => {
    const { user } = renderProposals(
      offers({
        proposals: ALL,
        formasPagamento: [
          { tipo: 'cartao', pagamentoInterno: false, pagamentoProposta: false },
          { tipo: 'pix', pagamentoInterno: true, pagamentoProposta: true },
          { tipo: 'boleto', pagamentoInterno: true, pagamentoProposta: true },
        ],
      }),
    );
    const pix = (await screen.findByRole('radio', { name: 'PIX' })) as HTMLInputElement;
    expect(pix.checked).toBe(true);
    expect(screen.queryByRole('radio', { name: 'Cartão de crédito' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Boleto' }));
    expect(pix.checked).toBe(false);
  });

  it('turns the offers off when no method may pay a proposal', async () => {
    renderProposals(
      offers({
        proposals: ALL,
        formasPagamento: [{ tipo: 'boleto', pagamentoInterno: true, pagamentoProposta: false }],
      }),
    );
    expect(
      await screen.findByText('Este credor não aceita o pagamento de propostas pelo portal.'),
    ).toBeTruthy();
    for (const offer of screen.getAllByRole('button', { name: /À vista|Entrada/ })) {
      expect((offer as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('keeps the chosen offer and method as the summary and returns here from it', async () => {
    const { user, fake, router } = renderProposals();
    await user.click(await screen.findByRole('radio', { name: 'PIX' }));
    await user.click(screen.getByRole('button', { name: /Entrada: R\$\s541,91/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.resumo));
    expect(fake.callsTo('negotiation.saveSummary')[0]?.input).toEqual({
      codcredor: '1002',
      contrato: '4587120093',
      formaPagamento: 'pix',
      selecao: { modo: '1', idProposta: 'P-AP2-A' },
      retorno: PROPOSALS_URL,
    });
  });

  it('goes back to the negotiation with the same query and the method', async () => {
    const { user, router } = renderProposals();
    await user.click(await screen.findByRole('radio', { name: 'Cartão de crédito' }));
    await user.click(screen.getByRole('link', { name: 'Voltar para a negociação' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `${NEGOTIATION_URL}&formaDePagamento=cartao`,
    );
  });

  it('preselects the method the negotiation link carries', async () => {
    renderProposals(undefined, `${PROPOSALS_URL}&formaDePagamento=pix`);
    expect(((await screen.findByRole('radio', { name: 'PIX' })) as HTMLInputElement).checked).toBe(true);
  });
});
