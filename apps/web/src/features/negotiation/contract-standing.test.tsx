import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { NO_BUDGET } from '../../../test/fixtures/budget';
import { debtContract, sameDayDays } from '../../../test/fixtures/debts';
import { debt, NEGOTIATION_URL, offers, summary } from '../../../test/fixtures/negotiation';
import { MARIA, renderApp } from '../../../test/render-app';
import type { Offers } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';

// What the BFF says of a contract's standing, said the same way on /negociacao and /resumo.

beforeEach(() => {
  Element.prototype.scrollIntoView = () => {};
});

const PRESCRIBED = { tipo: 'prescrita', desde: '2020-08-01' } as const;

function renderNegotiation(data: Offers) {
  installFakeBff({ 'negotiation.offers': () => data });
  return { user: userEvent.setup(), ...renderApp(NEGOTIATION_URL, { session: MARIA }) };
}

describe('/negociacao for a contract that is not simply open', () => {
  it('says a contract is in dispute, and shows no offer and no empty-offers message', async () => {
    renderNegotiation(offers({ estado: { tipo: 'em-disputa' }, proposals: [], debts: [] }));
    expect(await screen.findByText('Em contestação')).toBeTruthy();
    expect(
      screen.getByText(
        /Este contrato está em contestação com o credor\. Enquanto isso, não oferecemos acordo/,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Negociar' })).toBeNull();
    expect(screen.queryByText('No momento não há propostas para este contrato.')).toBeNull();
  });

  it('labels a prescribed debt and shows its offers only once the person asks for them', async () => {
    const { user } = renderNegotiation(offers({ estado: PRESCRIBED, debts: [debt('d-1', -2200)] }));
    expect(await screen.findByText('Dívida prescrita')).toBeTruthy();
    expect(screen.getByText(/Ela não pode mais ser cobrada, nem na Justiça nem fora dela/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Negociar' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Propostas' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ver ofertas mesmo assim' }));
    expect(await screen.findByRole('button', { name: 'Negociar' })).toBeTruthy();
    // the button that asked is gone: focus is on the first offer, not <body>
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'À vista' })),
    );
    // the label stays with the offers
    expect(screen.getByText('Dívida prescrita')).toBeTruthy();
  });

  it('leads a contract that has an agreement to it, with no offer', async () => {
    renderNegotiation(
      offers({ estado: { tipo: 'em-acordo', processando: false }, proposals: [], debts: [] }),
    );
    expect(await screen.findByText('Este contrato já tem um acordo em andamento.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver acordo' }).getAttribute('href')).toMatch(
      new RegExp(`^${paths.acordos}\\?credor=1002&contrato=4587120093`),
    );
    expect(screen.queryByRole('button', { name: 'Negociar' })).toBeNull();
  });

  it("opens the offers at once when the person asked on 'Todas as minhas dívidas'", async () => {
    installFakeBff({
      'debts.all': () => ({
        credores: [
          {
            credor: { codcredor: '1002', nome: 'Lojas Horizonte', logoUrl: null },
            sequencial: false,
            situacao: 'ok',
            mensagem: null,
            contratos: [
              debtContract({ contrato: '4587120093', contratoExibido: '45***093', estado: PRESCRIBED }),
            ],
          },
        ],
        totais: { contratos: 1, devidoCents: 0, foraCents: 123456, melhorAVistaCents: 0 },
        plano: null,
        mesmoDia: sameDayDays(),
      }),
      'budget.get': () => NO_BUDGET,
      'negotiation.offers': () => offers({ estado: PRESCRIBED }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(paths.todasAsDividas, { session: MARIA });
    await user.click(await screen.findByRole('link', { name: 'Ver ofertas mesmo assim: Contrato 45***093' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.negociacao));
    expect(await screen.findByRole('button', { name: 'Negociar' })).toBeTruthy();
    expect(screen.getByText('Dívida prescrita')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ver ofertas mesmo assim' })).toBeNull();
  });
});

describe('/resumo of a prescribed debt', () => {
  it("repeats the label and what it means before 'Concluir acordo'", async () => {
    installFakeBff({
      'negotiation.summary': () => summary({ estado: PRESCRIBED }),
      'agreements.concluded': () => null,
      'debts.creditors': () => [],
    });
    renderApp(paths.resumo, { session: MARIA });
    const conclude = await screen.findByRole('button', { name: 'Concluir acordo' });
    const label = screen.getByText('Dívida prescrita');
    // before the button, in reading order
    expect(label.compareDocumentPosition(conclude) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(label.parentElement as HTMLElement).getByText(/Pagar é uma escolha sua/)).toBeTruthy();
  });
});
