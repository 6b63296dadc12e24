import { REMINDER_MESSAGES } from '@portal/contracts/procedures/reminders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeHandlers, installFakeBff } from '../../../test/fake-bff';
import { mariaProfile } from '../../../test/fixtures/account';
import { MARIA, renderApp } from '../../../test/render-app';
import type { ReminderSettings } from '../../components/reminders/reminder-choices';
import { paths } from '../../lib/navigation/paths';
import { CHOICE_SAVED, RESUMED_NOW, STOPPED_NOW } from './reminders-section';

function settings(overrides: Partial<ReminderSettings> = {}): ReminderSettings {
  return {
    disponiveis: ['push', 'email', 'sms'],
    pushChave: null,
    canais: ['email'],
    dias: [3, 0],
    pausadoAte: null,
    parado: false,
    lembrados: 2,
    ...overrides,
  };
}

async function openSection(handlers: FakeHandlers = {}) {
  const fake = installFakeBff({
    'account.profile': () => mariaProfile(),
    'reminders.settings': () => settings(),
    ...handlers,
  });
  const user = userEvent.setup();
  renderApp(paths.notificacoes, { session: MARIA });
  const heading = await screen.findByRole('heading', { level: 2, name: 'Lembretes de vencimento' });
  const section = heading.closest('section') as HTMLElement;
  await within(section).findByRole('group', { name: 'Como avisar' });
  return { fake, user, section };
}

describe("Notificações' 'Lembretes de vencimento'", () => {
  it('shows how many agreements are reminded and the choice, and saves a new one at once', async () => {
    const { fake, user, section } = await openSection({
      'reminders.choose': (input) => settings({ canais: input.canais, dias: input.dias }),
    });
    expect(within(section).getByText('Você recebe lembretes de 2 acordos.')).toBeTruthy();
    // this browser (jsdom) cannot show notifications: only e-mail and SMS are offered
    expect(within(section).queryByRole('checkbox', { name: 'Notificação neste celular' })).toBeNull();
    expect((within(section).getByRole('checkbox', { name: 'E-mail' }) as HTMLInputElement).checked).toBe(
      true,
    );

    await user.click(within(section).getByRole('checkbox', { name: 'SMS' }));
    await user.click(within(section).getByRole('checkbox', { name: '7 dias antes' }));
    await user.click(within(section).getByRole('button', { name: 'Confirmar lembretes' }));
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(CHOICE_SAVED));
    expect(fake.callsTo('reminders.choose').map((c) => c.input)).toEqual([
      { canais: ['email', 'sms'], dias: [3, 0, 7] },
    ]);
  });

  it('keeps push chosen on another device when this browser cannot offer it', async () => {
    const { fake, user, section } = await openSection({
      'reminders.settings': () => settings({ canais: ['push', 'email'] }),
      'reminders.choose': (input) => settings({ canais: input.canais, dias: input.dias }),
    });
    await user.click(within(section).getByRole('button', { name: 'Confirmar lembretes' }));
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(CHOICE_SAVED));
    expect(fake.callsTo('reminders.choose').map((c) => c.input)).toEqual([
      { canais: ['email', 'push'], dias: [3, 0] },
    ]);
  });

  it('explains a choice without a day instead of sending it', async () => {
    const { fake, user, section } = await openSection();
    await user.click(within(section).getByRole('checkbox', { name: '3 dias antes' }));
    await user.click(within(section).getByRole('checkbox', { name: 'No dia do vencimento' }));
    await user.click(within(section).getByRole('button', { name: 'Confirmar lembretes' }));
    expect(within(section).getByRole('alert').textContent).toBe(REMINDER_MESSAGES.noDay);
    expect(fake.callsTo('reminders.choose')).toHaveLength(0);
  });

  it('pauses for 30 days and says until when, then resumes with the same choices from the same button', async () => {
    const until = '2026-12-27T12:00:00.000Z';
    const { fake, user, section } = await openSection({
      'reminders.pause': () => settings({ pausadoAte: until }),
      'reminders.choose': (input) => settings({ canais: input.canais, dias: input.dias }),
    });
    const button = within(section).getByRole('button', { name: 'Pausar lembretes por 30 dias' });
    await user.click(button);
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe(
        'Pronto! Os lembretes estão pausados até 27/12/2026.',
      ),
    );
    expect(within(section).getByText('Os lembretes estão pausados até 27/12/2026.')).toBeTruthy();
    expect(fake.callsTo('reminders.pause')).toHaveLength(1);
    // the button that paused is now the way back, and still has the focus
    await waitFor(() => expect(button.textContent).toBe('Retomar lembretes agora'));
    await waitFor(() => expect(document.activeElement).toBe(button));
    await user.click(button);
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(RESUMED_NOW));
    expect(fake.callsTo('reminders.choose').map((c) => c.input)).toEqual([
      { canais: ['email'], dias: [3, 0] },
    ]);
    expect(within(section).getByText('Você recebe lembretes de 2 acordos.')).toBeTruthy();
    expect(button.textContent).toBe('Pausar lembretes por 30 dias');
  });

  it('stops every reminder only once confirmed', async () => {
    const { fake, user, section } = await openSection({
      'reminders.stop': () => settings({ parado: true }),
    });
    await user.click(within(section).getByRole('button', { name: 'Parar todos os lembretes' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Parar todos os lembretes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(fake.callsTo('reminders.stop')).toHaveLength(0);

    await user.click(within(section).getByRole('button', { name: 'Parar todos os lembretes' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Parar todos os lembretes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Parar lembretes' }));
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(STOPPED_NOW));
    expect(within(section).getByText(/^Os lembretes estão parados\./)).toBeTruthy();
    expect(fake.callsTo('reminders.stop')).toHaveLength(1);
  });

  it('says when no agreement is reminded yet, and how to start', async () => {
    const { section } = await openSection({ 'reminders.settings': () => settings({ lembrados: 0 }) });
    expect(within(section).getByText(/^Nenhum acordo tem lembretes ainda/)).toBeTruthy();
  });
});
