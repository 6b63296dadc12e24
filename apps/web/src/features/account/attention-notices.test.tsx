import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, type FakeHandlers, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { inProgress } from '../../../test/fixtures/agreements';
import { MARIA, renderApp } from '../../../test/render-app';
import type { AttentionItem } from '../../components/rescue/rescue-texts';
import type { CreditorCard } from '../../lib/api/trpc';
import { agreementsHref } from '../../lib/navigation/journey-links';
import { paths } from '../../lib/navigation/paths';
import { HARDSHIP_LABEL } from './attention-notices';

const CREDITORS: CreditorCard[] = [
  { codcredor: '1006', nome: 'Cartão Sol Nascente', logoUrl: '/api/logos/sol.svg', sequencial: false },
];
const credor = { codcredor: '1006', nome: 'Cartão Sol Nascente', logoUrl: '/api/logos/sol.svg' };
const OVERDUE: AttentionItem = {
  credor,
  contrato: '6011452873',
  contratoExibido: '60***873',
  estado: { tipo: 'em-acordo', processando: false },
  atraso: { numero: 4, vencimento: '2026-06-10', pagueAte: '2026-06-24', diasUteisRestantes: 1 },
  cancelado: null,
};
const CANCELLED: AttentionItem = {
  credor: { ...credor, codcredor: '1004', nome: 'Ipê Eletro' },
  contrato: '51200347',
  contratoExibido: '51***347',
  estado: { tipo: 'aberta' },
  atraso: null,
  cancelado: { canceladoEm: '2026-07-02', pagoCents: 10_000, restanteCents: 5_000 },
};

function renderAccount(handlers: FakeHandlers = {}) {
  const fake = installFakeBff({ 'debts.creditors': () => CREDITORS, ...handlers });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(paths.minhaConta, { session: MARIA }) };
}

describe("Minha conta's warnings", () => {
  it('are asked only once the contracts are shown, and say the overdue instalment as /acordos does', async () => {
    const creditors = deferred<CreditorCard[]>();
    const { fake } = renderAccount({
      'debts.creditors': () => creditors.promise,
      'agreements.attention': () => [OVERDUE, CANCELLED],
    });
    await screen.findByRole('dialog', { name: 'Buscando dívidas...' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.callsTo('agreements.attention')).toHaveLength(0);
    creditors.resolve(CREDITORS);

    const notice = await screen.findByRole('region', { name: 'Parcela em atraso: Cartão Sol Nascente' });
    expect(notice.textContent).toContain(
      'A parcela 4 venceu em 10/06. Pague até 24/06 para manter seu acordo.',
    );
    expect(notice.textContent).toContain('Falta 1 dia útil.');
    expect(within(notice).queryByRole('button', { name: /Gerar pagamento/ })).toBeNull();
    expect(within(notice).getByRole('link', { name: 'Ver acordo' }).getAttribute('href')).toBe(
      agreementsHref({ codcredor: '1006', contrato: '6011452873', logoUrl: '/api/logos/sol.svg' }),
    );
    const cancelled = screen.getByRole('region', { name: 'Acordo cancelado: Ipê Eletro' });
    expect(cancelled.textContent).toContain(
      'Este acordo foi cancelado em 02/07/2026 porque uma parcela não foi paga no prazo.',
    );
    expect(within(cancelled).getByRole('link', { name: 'Ver acordo' })).toBeTruthy();
    expect(fake.callsTo('agreements.attention')).toHaveLength(1);
  });

  it('opens "Estou com dificuldade para pagar" for the overdue agreement, its creditor named', async () => {
    const { user, fake } = renderAccount({
      'agreements.attention': () => [OVERDUE],
      'agreements.inProgress': () => inProgress({ credor, contrato: '6011452873' }),
    });
    const notice = await screen.findByRole('region', { name: 'Parcela em atraso: Cartão Sol Nascente' });
    // the page's own one is left out: each overdue agreement has its own
    expect(screen.getAllByRole('button', { name: HARDSHIP_LABEL })).toHaveLength(1);
    await user.click(within(notice).getByRole('button', { name: HARDSHIP_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: 'Estou com dificuldade para pagar' });
    expect(within(dialog).getByRole('group', { name: 'O que aconteceu?' })).toBeTruthy();
    expect(dialog.textContent).toContain('vai só para Cartão Sol Nascente');
    await waitFor(() =>
      expect(fake.callsTo('agreements.inProgress').map((call) => call.input)).toEqual([
        { codcredor: '1006', contrato: '6011452873' },
      ]),
    );
  });

  it('says nothing when the warnings fail, and still offers help without a creditor', {
    timeout: 8_000,
  }, async () => {
    const { user, fake } = renderAccount({
      'agreements.attention': () => {
        throw new FakeTrpcError('BAD_GATEWAY', 'O credor não respondeu.');
      },
    });
    await screen.findByRole('list', { name: 'Encontramos contratos com este parceiro:' });
    // asked once more, then left silent
    await waitFor(() => expect(fake.callsTo('agreements.attention')).toHaveLength(2), { timeout: 3_000 });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText('O credor não respondeu.')).toBeNull();
    await user.click(screen.getByRole('button', { name: HARDSHIP_LABEL }));
    const dialog = await screen.findByRole('dialog', { name: 'Estou com dificuldade para pagar' });
    expect(within(dialog).queryByRole('button', { name: 'Pedir contato do credor' })).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'O que aconteceu?' })).toBeNull();
  });
});
