import { HARDSHIP_REASONS } from '@portal/contracts/procedures/agreements';
import { REMINDER_PAUSE_DAYS } from '@portal/contracts/procedures/reminders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeHandlers, installFakeBff } from '../../../test/fake-bff';
import { inProgress } from '../../../test/fixtures/agreements';
import { renderWithProviders } from '../../../test/render-app';
import type { AgreementInProgress } from '../../lib/api/trpc';
import {
  CHOOSE_REASON,
  contactSentText,
  HARDSHIP_TITLE,
  PAUSE_DAYS,
  PAUSED_TEXT,
  REASON_LABELS,
} from './hardship-modal';
import type { RescueTarget } from './rescue-texts';
import { useRescueModals } from './use-rescue-modals';

const TARGET: RescueTarget = { codcredor: '1', contrato: '5521009', credor: 'Ipê Eletro' };

function Harness({ target }: { target: RescueTarget | null }) {
  const rescue = useRescueModals(target);
  return (
    <>
      <button type="button" onClick={() => rescue.open('dificuldade')}>
        Abrir
      </button>
      {rescue.modals}
    </>
  );
}

async function openHardship(
  target: RescueTarget | null,
  alteracoes: AgreementInProgress['alteracoes'],
  handlers: FakeHandlers = {},
) {
  const fake = installFakeBff({
    'agreements.inProgress': () => inProgress({ alteracoes }),
    'agreements.schedulePreview': () => ({ parcelas: [], antecipada: null }),
    'agreements.hardship': () => ({ protocolo: 'CT-2026-000123' }),
    'reminders.pause': () => ({
      disponiveis: ['email'],
      pushChave: null,
      canais: ['email'],
      dias: [3, 0],
      pausadoAte: '2026-07-10T12:00:00.000Z',
      parado: false,
      lembrados: 1,
    }),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<Harness target={target} />);
  await user.click(screen.getByRole('button', { name: 'Abrir' }));
  const dialog = await screen.findByRole('dialog', { name: HARDSHIP_TITLE });
  return { fake, user, dialog };
}

/** what the BFF allows: both changes, or none */
const ALL = { mover: 4, mudarDia: true };
const NONE = { mover: null, mudarDia: false };
const options = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('region', { name: 'O que você pode fazer agora' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe("'Estou com dificuldade para pagar'", () => {
  it("offers the contract's reasons, in its order, and pauses for the contract's days", () => {
    expect(Object.entries(REASON_LABELS)).toEqual(Object.entries(HARDSHIP_REASONS));
    expect(PAUSE_DAYS).toBe(REMINDER_PAUSE_DAYS);
  });

  it('asks what happened (one choice, no proof) and offers what the creditor allows', async () => {
    const { dialog } = await openHardship(TARGET, ALL);
    const reasons = within(dialog).getByRole('group', { name: 'O que aconteceu?' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Desemprego', 'Doença', 'Redução de renda', 'Luto', 'Outro motivo']);
    expect(reasons.textContent).toContain('Responder é opcional e não pedimos nenhum comprovante.');
    await waitFor(() =>
      expect(options(dialog)).toEqual([
        'Mover uma parcela para o fim do acordo',
        'Mudar o dia de pagamento',
        'Pausar os lembretes por 30 dias',
        'Pedir contato do credor',
      ]),
    );
  });

  it('leaves out the changes the creditor does not allow', async () => {
    const { dialog, fake } = await openHardship(TARGET, NONE);
    await waitFor(() => expect(fake.callsTo('agreements.inProgress')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).queryByText('Carregando...')).toBeNull());
    expect(options(dialog)).toEqual(['Pausar os lembretes por 30 dias', 'Pedir contato do credor']);
  });

  it('without an agreement: no reason asked, no creditor to contact, the free help still there', async () => {
    const { dialog, fake } = await openHardship(null, ALL);
    // nothing said of an agreement the person may not have
    expect(dialog.textContent).not.toContain('seu acordo');
    expect(within(dialog).getByText(/Veja onde buscar ajuda para organizar suas dívidas/)).toBeTruthy();
    expect(within(dialog).queryByRole('group', { name: 'O que aconteceu?' })).toBeNull();
    expect(options(dialog)).toEqual(['Pausar os lembretes por 30 dias']);
    expect(fake.callsTo('agreements.inProgress')).toHaveLength(0);
    const help = within(dialog).getByRole('region', { name: 'Ajuda gratuita' });
    expect(within(help).getByRole('link', { name: '0800 000 3634' }).getAttribute('href')).toBe(
      'tel:08000003634',
    );
    expect(help.textContent).toContain('Central de atendimento: 0800 000 3634');
    expect(help.textContent).toContain('Procon do seu estado');
    expect(help.textContent).toContain('Defensoria Pública');
    expect(help.textContent).toContain('Lei 14.181/2021');
    expect(help.textContent).toContain('mínimo existencial');
    expect(
      within(help)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      'tel:08000003634',
      'https://www.gov.br/mj/pt-br/assuntos/seus-direitos/consumidor',
      'https://www.consumidor.gov.br',
    ]);
    expect(dialog.textContent).toContain('Nada nesta tela é uma autorização para receber publicidade.');
  });

  it('asks the creditor to get in touch with the reason chosen, and shows the protocol', async () => {
    const { dialog, fake, user } = await openHardship(TARGET, NONE);
    const ask = within(dialog).getByRole('button', { name: 'Pedir contato do credor' });
    await user.click(ask);
    expect(within(dialog).getByRole('alert').textContent).toBe(CHOOSE_REASON);
    expect(fake.callsTo('agreements.hardship')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Desemprego' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('');
    await user.click(ask);
    expect(await within(dialog).findByText(contactSentText('CT-2026-000123'))).toBeTruthy();
    expect(contactSentText('X')).toBe('Pedido enviado. O credor vai entrar em contato. Protocolo: X.');
    expect(fake.callsTo('agreements.hardship').map((call) => call.input)).toEqual([
      { codcredor: '1', contrato: '5521009', motivo: 'desemprego' },
    ]);
    expect(dialog.textContent).toContain('O motivo que você escolher vai só para Ipê Eletro');
  });

  it('pauses the reminders for 30 days', async () => {
    const { dialog, fake, user } = await openHardship(null, NONE);
    await user.click(within(dialog).getByRole('button', { name: 'Pausar os lembretes por 30 dias' }));
    expect(await within(dialog).findByText(PAUSED_TEXT)).toBeTruthy();
    expect(fake.callsTo('reminders.pause')).toHaveLength(1);
  });

  it('opens the move or the new day in its place', async () => {
    const { dialog, user } = await openHardship(TARGET, ALL);
    await user.click(
      await within(dialog).findByRole('button', { name: 'Mover uma parcela para o fim do acordo' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Mover parcela para o fim do acordo' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: HARDSHIP_TITLE })).toBeNull();
  });
});
