import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeBff } from '../../../test/fake-bff';
import { mariaProfile } from '../../../test/fixtures/account';
import { MARIA, renderApp } from '../../../test/render-app';
import { paths } from '../../lib/navigation/paths';
import { CONSENT_LABEL, SAVED_OFF, SAVED_ON } from './notifications-page';

const REMINDERS = {
  disponiveis: ['email' as const],
  pushChave: null,
  canais: ['email' as const],
  dias: [3, 0],
  pausadoAte: null,
  parado: false,
  lembrados: 0,
};

/** The consent's own form (the page has the reminders' form too). */
const consentForm = () => screen.getByLabelText(CONSENT_LABEL).closest('form') as HTMLElement;

describe('/mais-opcoes/notificacoes', () => {
  it('shows the consent given at registration and revokes it on save', async () => {
    const fake = installFakeBff({
      'account.profile': () => mariaProfile({ notificacao: true }),
      'account.setNotifications': (input) => input,
      'reminders.settings': () => REMINDERS,
    });
    const user = userEvent.setup();
    renderApp(paths.notificacoes, { session: MARIA });
    const consent = (await screen.findByLabelText(CONSENT_LABEL)) as HTMLInputElement;
    expect(consent.checked).toBe(true);

    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(consentForm()).getByRole('status').textContent).toBe(SAVED_OFF));
    expect(fake.callsTo('account.setNotifications').map((call) => call.input)).toEqual([
      { notificacao: false },
    ]);

    await user.click(consent);
    expect(within(consentForm()).getByRole('status').textContent).toBe('');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(consentForm()).getByRole('status').textContent).toBe(SAVED_ON));
  });

  it('starts unticked for someone who did not consent', async () => {
    installFakeBff({
      'account.profile': () => mariaProfile({ notificacao: false }),
      'reminders.settings': () => REMINDERS,
    });
    renderApp(paths.notificacoes, { session: MARIA });
    expect(((await screen.findByLabelText(CONSENT_LABEL)) as HTMLInputElement).checked).toBe(false);
  });
});
