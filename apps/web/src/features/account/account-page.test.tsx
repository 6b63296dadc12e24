import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import { SLOW_LOOKUP_MS } from '../../components/ui/lookup-wait';
import type { CreditorCard, SessionView } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';
import { pendingAgreementText } from './pending-agreement-notice';

const CREDITORS: CreditorCard[] = [{ codcredor: '1', nome: 'Ipê Eletro', logoUrl: null, sequencial: false }];

describe('AccountPage (/minha-conta)', () => {
  it.each([
    ['with contracts', CREDITORS],
    ['without contracts', []],
  ])("links to 'Mais opções' from the page itself, %s", async (_, creditors) => {
    const user = userEvent.setup();
    installFakeBff({ 'debts.creditors': () => creditors });
    const { router } = renderApp(paths.minhaConta, { session: MARIA });
    const section = await screen.findByRole('region', { name: 'Sua conta' });
    const link = within(section).getByRole('link', { name: /^Mais opções/ });
    expect(link.getAttribute('href')).toBe(paths.maisOpcoes);
    expect(link.textContent).toContain('Editar perfil, alterar senha, notificações');

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mais opções' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.maisOpcoes));
  });

  it('says an agreement is still processing, asks again, and fetches the contracts once it is settled', async () => {
    const states = [
      { credor: { codcredor: '1', nome: 'Ipê Eletro', logoUrl: null }, contratoExibido: '45***093' },
      null,
    ];
    const fake = installFakeBff({
      'debts.creditors': () => CREDITORS,
      'agreements.pending': () => states.shift() ?? null,
    });
    renderApp(paths.minhaConta, { session: MARIA });
    const text = pendingAgreementText('Ipê Eletro', '45***093');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByText(text).closest('[role="status"]')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(text)).toBeNull(), { timeout: 7_000 });
    await waitFor(() => expect(fake.callsTo('debts.creditors').length).toBeGreaterThanOrEqual(2));
  }, 10_000);

  const company = (nome: string, documento: string): SessionView => ({
    nome,
    primeiroNome: nome.split(' ')[0] ?? '',
    nomeCurto: nome.split(' ').slice(0, 2).join(' '),
    documento,
    tipoDocumento: 'CNPJ',
    empresa: true,
  });

  it.each([
    ['Comércio Exemplo Ltda', '11.222.333/0001-81'],
    ['Nova Era Tecnologia Ltda', '12.ABC.345/01DE-35'],
  ])('greets a company by its name, %s', async (nome, documento) => {
    installFakeBff({ 'debts.creditors': () => CREDITORS });
    renderApp(paths.minhaConta, { session: company(nome, documento) });
    expect(await screen.findByRole('heading', { level: 1, name: `Olá, ${nome}` })).toBeTruthy();
  });

  it('ends the greeting with one full stop when there is no contract, a person and a company alike', async () => {
    installFakeBff({ 'debts.creditors': () => [] });
    renderApp(paths.minhaConta, { session: company('Comércio Exemplo S.A.', '11.222.333/0001-81') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Comércio Exemplo S.A.' })).toBeTruthy();
  });

  it("says a long debts' lookup is still going, how long it has taken, lets the person stop it, then asks again", async () => {
    // The wait's clock: the page's requests and the user's events keep real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const answers = [new Promise<CreditorCard[]>(() => {}), Promise.resolve(CREDITORS)];
      const fake = installFakeBff({
        'debts.creditors': () => answers.shift() ?? Promise.resolve(CREDITORS),
      });
      renderApp(paths.minhaConta, { session: MARIA });
      const dialog = await screen.findByRole('dialog', { name: 'Buscando dívidas...' });
      const still = within(dialog).getAllByRole('status')[1] as HTMLElement;
      expect(still.textContent).toBe('');
      await act(async () => {
        vi.advanceTimersByTime(SLOW_LOOKUP_MS);
      });
      expect(still.textContent).toBe('Ainda consultando os credores. Isso pode levar alguns minutos.');
      expect(within(dialog).getByText('Tempo de espera: 5 s')).toBeTruthy();

      const user = userEvent.setup();
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar consulta' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Buscando dívidas...' })).toBeNull());
      expect(screen.getByText('Não foi possível buscar as suas dívidas agora.')).toBeTruthy();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
      // what does not wait for the debts shows again: the way to 'Mais opções'
      expect(screen.getByRole('link', { name: /Mais opções/ })).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
      expect(await screen.findByText('Ipê Eletro')).toBeTruthy();
      expect(screen.queryByText('Não foi possível buscar as suas dívidas agora.')).toBeNull();
      expect(fake.callsTo('debts.creditors')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('greets a person by the first name', async () => {
    installFakeBff({ 'debts.creditors': () => [] });
    renderApp(paths.minhaConta, { session: MARIA });
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Maria.' })).toBeTruthy();
  });
});
