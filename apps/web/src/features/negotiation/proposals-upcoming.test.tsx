import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { day, debt, NEGOTIATION_URL, offers, plan, proposal } from '../../../test/fixtures/negotiation';
import { MARIA, renderApp } from '../../../test/render-app';
import type { Offers } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';

const PROPOSALS_URL = NEGOTIATION_URL.replace(paths.negociacao, paths.propostas);
const OVERDUE_ONLY = '*Somente parcelas em atraso.';
const TOTAL = '*Proposta para quitação de todas as parcelas (parcelas em atraso + a vencer).';

// The upstream sent both sets, though they may settle the same instalments.
const BOTH_SETS = [
  proposal(),
  plan(2),
  proposal({ id: 'T-AV', parcelasFuturas: true, valorPagoCents: 210_109 }),
];

function renderProposals(data: Offers, url = PROPOSALS_URL) {
  const fake = installFakeBff({ 'negotiation.offers': () => data });
  return { fake, ...renderApp(url, { session: MARIA }) };
}

const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

describe("/propostas: '*Somente parcelas em atraso.' only when instalments are upcoming", () => {
  it('leaves the overdue-only offers out when every debt is overdue', async () => {
    const { fake } = renderProposals(
      offers({ proposals: BOTH_SETS, debts: [debt('a1', -65), debt('a2', -35)] }),
    );
    const total = await screen.findByRole('region', { name: TOTAL });
    expect(within(total).getAllByRole('button').map(text)).toEqual(['À vista R$ 2.101,09']);
    expect(screen.queryByRole('region', { name: OVERDUE_ONLY })).toBeNull();
    expect(fake.callsTo('negotiation.offers')[0]?.input).toMatchObject({ propostas: true, dividas: true });
  });

  it('shows them when a debt is upcoming', async () => {
    renderProposals(offers({ proposals: BOTH_SETS, debts: [debt('a1', -35), debt('f1', 25)] }));
    const overdue = await screen.findByRole('region', { name: OVERDUE_ONLY });
    expect(within(overdue).getAllByRole('button')).toHaveLength(2);
  });

  it('reads the proposals when the link says not to ask for the debts', async () => {
    const noDebts = `${PROPOSALS_URL.replace('chamarDivida=true', 'chamarDivida=false')}`;
    const upcoming = proposal({
      id: 'T-AV',
      parcelasFuturas: true,
      prestacoes: [{ numero: 9, contrato: '4587120093', valorCents: 48_990, vencimento: day(25) }],
    });
    const { fake } = renderProposals(offers({ proposals: [proposal(), upcoming] }), noDebts);
    expect(await screen.findByRole('region', { name: OVERDUE_ONLY })).toBeTruthy();
    expect(fake.callsTo('negotiation.offers')[0]?.input).toMatchObject({ dividas: false });
  });

  it('shows overdue-only offers as settling everything when they are all there is and nothing is upcoming', async () => {
    renderProposals(offers({ proposals: [proposal(), plan(2)], debts: [debt('a1', -35)] }));
    const total = await screen.findByRole('region', { name: TOTAL });
    expect(within(total).getAllByRole('button')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: OVERDUE_ONLY })).toBeNull();
  });
});
