import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeHandlers, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { MARIA, renderApp } from '../../../test/render-app';
import type { RouterOutputs } from '../../lib/api/trpc';
import { paths } from '../../lib/navigation/paths';
import { formatBrasiliaDateTime } from './activity-page';

type Activity = RouterOutputs['account']['activity'];

const ACTIVITY: Activity = {
  dias: 90,
  linhas: [
    {
      kind: 'entrada',
      forma: 'senha',
      dispositivo: 'Celular',
      navegador: 'Chrome',
      em: '2026-03-16T02:30:00.000Z',
    },
    {
      kind: 'entrada',
      forma: 'pergunta',
      dispositivo: 'Tablet',
      navegador: 'Safari',
      em: '2026-03-15T17:05:00.000Z',
    },
    {
      kind: 'entrada',
      forma: 'google',
      dispositivo: 'Computador',
      navegador: 'Firefox',
      em: '2026-03-14T12:00:00.000Z',
    },
    {
      kind: 'entrada',
      forma: 'cadastro',
      dispositivo: 'Celular',
      navegador: 'Chrome',
      em: '2026-03-13T12:00:00.000Z',
    },
    { kind: 'senha-alterada', em: '2026-03-12T12:00:00.000Z' },
    { kind: 'senha-redefinida', em: '2026-03-11T12:00:00.000Z' },
    { kind: 'contato-alterado', campos: 'e-mail', em: '2026-03-10T12:00:00.000Z' },
    { kind: 'contato-alterado', campos: 'celular', em: '2026-03-09T12:00:00.000Z' },
    { kind: 'contato-alterado', campos: 'e-mail e celular', em: '2026-03-08T12:00:00.000Z' },
    {
      kind: 'acordo-feito',
      credor: 'Lojas Horizonte',
      contrato: '72***455',
      em: '2026-03-07T12:00:00.000Z',
    },
    {
      kind: 'declaracao-emitida',
      credor: 'Cartão Sol Nascente',
      contrato: '60***873',
      em: '2026-03-06T12:00:00.000Z',
    },
    { kind: 'parcela-movida', credor: 'Ipê Eletro', contrato: '45***093', em: '2026-03-05T12:00:00.000Z' },
    { kind: 'dia-alterado', credor: 'Ipê Eletro', contrato: '45***093', em: '2026-03-04T12:00:00.000Z' },
  ],
};

function renderActivity(handlers: FakeHandlers = {}) {
  const fake = installFakeBff({
    'account.activity': () => ACTIVITY,
    'account.disownActivity': () => ({ ok: true }),
    'debts.creditors': () => [],
    ...handlers,
  });
  const user = userEvent.setup();
  return { fake, user, ...renderApp(paths.atividade, { session: MARIA }) };
}

/** Each line of the list as its texts, in order. */
async function linesShown(): Promise<string[][]> {
  const list = await screen.findByRole('list', { name: 'Atividades da conta' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => Array.from(item.children, (child) => child.textContent ?? ''));
}

describe('formatBrasiliaDateTime', () => {
  it('writes an instant in Brasília time, the day before in UTC late at night', () => {
    expect(formatBrasiliaDateTime('2026-03-15T17:05:00.000Z')).toBe('15/03/2026 às 14:05');
    expect(formatBrasiliaDateTime('2026-03-16T02:30:00.000Z')).toBe('15/03/2026 às 23:30');
    expect(formatBrasiliaDateTime('2026-01-01T03:00:00.000Z')).toBe('01/01/2026 às 00:00');
  });
});

describe('/mais-opcoes/atividade', () => {
  it('lists every kind of line, newest first, in Portuguese with its time in Brasília', async () => {
    renderActivity();
    expect(await screen.findByRole('heading', { level: 1, name: 'Atividade da conta' })).toBeTruthy();
    expect(await screen.findByText('Veja o que foi feito na sua conta nos últimos 90 dias.')).toBeTruthy();
    expect(await linesShown()).toEqual([
      ['Entrada com senha', 'Celular · Chrome', '15/03/2026 às 23:30'],
      ['Entrada respondendo a uma pergunta', 'Tablet · Safari', '15/03/2026 às 14:05'],
      ['Entrada com Google', 'Computador · Firefox', '14/03/2026 às 09:00'],
      ['Entrada após o cadastro', 'Celular · Chrome', '13/03/2026 às 09:00'],
      ['Senha alterada', '12/03/2026 às 09:00'],
      ['Senha redefinida pelo link de recuperação', '11/03/2026 às 09:00'],
      ['E-mail alterado', '10/03/2026 às 09:00'],
      ['Celular alterado', '09/03/2026 às 09:00'],
      ['E-mail e celular alterados', '08/03/2026 às 09:00'],
      ['Acordo feito com Lojas Horizonte', 'Contrato 72***455', '07/03/2026 às 09:00'],
      ['Declaração de quitação emitida — Cartão Sol Nascente', 'Contrato 60***873', '06/03/2026 às 09:00'],
      ['Parcela movida para o fim do acordo — Ipê Eletro', 'Contrato 45***093', '05/03/2026 às 09:00'],
      ['Dia de pagamento alterado — Ipê Eletro', 'Contrato 45***093', '04/03/2026 às 09:00'],
    ]);
    const time = screen.getByText('15/03/2026 às 23:30');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('dateTime')).toBe('2026-03-16T02:30:00.000Z');
    expect(document.title).toBe('Atividade da conta | Negocia Varejo');
    const back = screen
      .getAllByRole('link', { name: 'Mais opções' })
      .find((link) => link.matches('.page-back'));
    expect(back?.getAttribute('href')).toBe(paths.maisOpcoes);
  });

  it('says so when nothing was done in the period the BFF answered', async () => {
    renderActivity({ 'account.activity': () => ({ dias: 30, linhas: [] }) });
    expect(await screen.findByText('Nenhuma atividade nos últimos 30 dias.')).toBeTruthy();
    expect(screen.getByText('Veja o que foi feito na sua conta nos últimos 30 dias.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Atividades da conta' })).toBeNull();
  });

  it('waits behind the spinner, then offers to try again when the list could not be read', async () => {
    let fail = true;
    const { user } = renderActivity({
      'account.activity': () => {
        if (fail) throw new FakeTrpcError('BAD_GATEWAY', 'Serviço indisponível no momento.');
        return ACTIVITY;
      },
    });
    expect(screen.getByRole('dialog', { name: 'Buscando dados...' })).toBeTruthy();
    const error = await screen.findByRole('alertdialog', { name: 'Algo deu errado' });
    expect(error.textContent).toContain('Serviço indisponível no momento.');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect((await linesShown())[0]?.[0]).toBe('Entrada com senha');
  });

  it("'Não reconheço esta atividade' asks first: 'Cancelar' sends nothing and gives focus back", async () => {
    const { fake, user } = renderActivity();
    const opener = await screen.findByRole('button', { name: 'Não reconheço esta atividade' });
    await user.click(opener);
    const confirm = screen.getByRole('alertdialog', { name: 'Não reconhece esta atividade?' });
    expect(confirm.textContent).toContain(
      'Vamos encerrar todas as outras sessões da sua conta. Em seguida, troque sua senha.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(fake.callsTo('account.disownActivity')).toHaveLength(0);
  });

  it('on confirmation ends the other sessions, then opens the change of password', async () => {
    const { fake, user, router } = renderActivity();
    await user.click(await screen.findByRole('button', { name: 'Não reconheço esta atividade' }));
    await user.click(screen.getByRole('button', { name: 'Encerrar sessões e trocar a senha' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alterar senha' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.novaSenha);
    expect(fake.callsTo('account.disownActivity')).toHaveLength(1);
    // a word of what was done, where the person now is
    expect(screen.getByRole('status').textContent).toBe(
      'Encerramos as outras sessões da sua conta. Agora troque sua senha.',
    );
  });

  it('shows the message the BFF answered when the sessions could not be ended, and stays', async () => {
    const { user, router } = renderActivity({
      'account.disownActivity': () => {
        throw new FakeTrpcError('SERVICE_UNAVAILABLE', 'Não foi possível encerrar as sessões agora.');
      },
    });
    const opener = await screen.findByRole('button', { name: 'Não reconheço esta atividade' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Encerrar sessões e trocar a senha' }));
    const error = await screen.findByRole('alertdialog', { name: 'Algo deu errado' });
    expect(error.textContent).toContain('Não foi possível encerrar as sessões agora.');
    expect(router.state.location.pathname).toBe(paths.atividade);
    await user.click(within(error).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
