import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import type { SessionView } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';

const COMERCIO: SessionView = {
  nome: 'Comércio Exemplo Ltda',
  primeiroNome: 'Comércio',
  nomeCurto: 'Comércio Exemplo',
  documento: '11.222.333/0001-81',
  tipoDocumento: 'CNPJ',
  empresa: true,
};

describe('the credit score on /minha-conta', () => {
  it("shows a person's score with its band, and the details modal", async () => {
    installFakeBff({
      'debts.creditors': () => [],
      'account.score': () => ({ score: 720, faixa: 'Excelente' }),
    });
    const user = userEvent.setup();
    renderApp(paths.minhaConta, { session: MARIA });
    const card = await screen.findByRole('region', { name: 'Seu score de crédito' });
    expect(card.textContent).toContain('720 de 1000');
    expect(card.textContent).toContain('Faixa: Excelente');
    expect(within(card).getByRole('meter', { name: 'Score 720 de 1000' })).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Entenda seu score' }));
    const dialog = await screen.findByRole('dialog', { name: 'Como funciona o score' });
    expect(dialog.textContent).toContain('pague as contas em dia');
    expect(dialog.textContent).toContain('pode ser diferente do de outras empresas');
  });

  it('does not ask for a company and shows no score', async () => {
    const fake = installFakeBff({ 'debts.creditors': () => [] });
    renderApp(paths.minhaConta, { session: COMERCIO });
    expect(
      await screen.findByText('No momento não encontramos contratos em nossa base de parceiros.'),
    ).toBeTruthy();
    expect(fake.callsTo('account.score')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Seu score de crédito' })).toBeNull();
  });

  it('shows nothing, and no error, when the score cannot be had', async () => {
    const fake = installFakeBff({
      'debts.creditors': () => [],
      'account.score': () => {
        throw new FakeTrpcError('SERVICE_UNAVAILABLE', 'Ocorreu um erro, tente novamente.');
      },
    });
    renderApp(paths.minhaConta, { session: MARIA });
    await waitFor(() => expect(fake.callsTo('account.score')).toHaveLength(1));
    expect(
      await screen.findByText('No momento não encontramos contratos em nossa base de parceiros.'),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Seu score de crédito' })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
