import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, type FakeHandlers, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { renderWithProviders } from '../../../test/render-app';
import { type AgreementInProgress, type RouterOutputs, trpc } from '../../lib/api/trpc';
import { MOVED_TEXT, type RescueTarget, SHIFTED_TEXT } from './rescue-texts';
import { useRescueModals } from './use-rescue-modals';
import { NOT_CHANGED_TEXT, PROCESSING_TEXT } from './use-schedule-change';

const TARGET: RescueTarget = { codcredor: '1006', contrato: '6011452873', credor: 'Cartão Sol Nascente' };

type Instalment = AgreementInProgress['parcelas'][number];
const instalment = (numero: number, vencimento: string, status: Instalment['status']): Instalment => ({
  id: `P-${numero}`,
  numero,
  status,
  vencimento,
  valorCents: numero === 1 ? 25_000 : 21_240,
  pagoEm: status === 'PAGO' ? vencimento : null,
});

/** Ana's card agreement: three paid, the fourth overdue within the tolerance, the creditor allowing both changes. */
function anaAgreement(parcelas?: Instalment[]): AgreementInProgress {
  return {
    credor: { codcredor: '1006', nome: 'Cartão Sol Nascente', logoUrl: null },
    contrato: TARGET.contrato,
    contratoExibido: '60***873',
    estado: { tipo: 'em-acordo', processando: false },
    codigoAcordo: '2025004417',
    formaPagamento: 'boleto',
    parcelas: parcelas ?? [
      instalment(1, '2026-03-10', 'PAGO'),
      instalment(2, '2026-04-09', 'PAGO'),
      instalment(3, '2026-05-11', 'PAGO'),
      instalment(4, '2026-06-10', 'EM ABERTO'),
      instalment(5, '2026-07-10', 'FUTURA'),
      instalment(6, '2026-08-10', 'FUTURA'),
    ],
    baixa: null,
    regras: { toleranciaDias: 10, moverParcelaFim: true, alterarDiaVencimento: true },
    alteracoes: { mover: 4, mudarDia: true },
    atraso: { numero: 4, vencimento: '2026-06-10', pagueAte: '2026-06-24', diasUteisRestantes: 3 },
    cancelado: null,
    quitado: false,
  };
}

/** Instalment 4 moved to the end: 5 and 6 move up a place, the last is the moved value a month on. */
const moved = () =>
  anaAgreement([
    instalment(1, '2026-03-10', 'PAGO'),
    instalment(2, '2026-04-09', 'PAGO'),
    instalment(3, '2026-05-11', 'PAGO'),
    instalment(4, '2026-07-10', 'EM ABERTO'),
    instalment(5, '2026-08-10', 'FUTURA'),
    instalment(6, '2026-09-09', 'FUTURA'),
  ]);
type Preview = RouterOutputs['agreements']['schedulePreview'];
/** The BFF's preview of `agreement`: `antes` for each instalment `changed` names, as it was in Ana's. */
const previewOf = (
  agreement: AgreementInProgress,
  changed: Record<number, { numero: number; vencimento: string }> = {},
  antecipada: Preview['antecipada'] = null,
): Preview => ({
  parcelas: agreement.parcelas.map((p) => ({
    numero: p.numero,
    vencimento: p.vencimento,
    valorCents: p.valorCents,
    pago: p.status === 'PAGO',
    antes: changed[p.numero] ?? null,
  })),
  antecipada,
});
/** Instalment 4 moved: only the last changes (it was the fourth); 5 and 6 keep their dates and values. */
const movedPreview = () => previewOf(moved(), { 6: { numero: 4, vencimento: '2026-06-10' } });

/** A page holding the agreement and the modals, as /acordos does. */
function Harness() {
  const rescue = useRescueModals(TARGET);
  const agreement = trpc.agreements.inProgress.useQuery({
    codcredor: TARGET.codcredor,
    contrato: TARGET.contrato,
  });
  return (
    <>
      <button type="button" onClick={() => rescue.open('mover')}>
        Mover esta parcela para o fim do acordo
      </button>
      <button type="button" onClick={() => rescue.open('dia')}>
        Mudar o dia de pagamento
      </button>
      <p>Última: {agreement.data?.parcelas.at(-1)?.vencimento}</p>
      <p role="status" ref={rescue.outcomeRef} tabIndex={-1}>
        {rescue.done ?? ''}
      </p>
      {rescue.modals}
    </>
  );
}

function renderHarness(handlers: FakeHandlers = {}) {
  const fake = installFakeBff({
    'agreements.inProgress': () => anaAgreement(),
    'agreements.schedulePreview': (input) =>
      input.mudanca.tipo === 'mover' ? movedPreview() : previewOf(anaAgreement()),
    'agreements.changeSchedule': () => ({ status: 'concluido', acordo: moved() }),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<Harness />);
  return { fake, user };
}

const keysSent = (fake: ReturnType<typeof installFakeBff>) =>
  fake.callsTo('agreements.changeSchedule').map((call) => (call.input as { chave: string }).chave);

async function openMove(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('Última: 2026-08-10');
  await user.click(screen.getByRole('button', { name: 'Mover esta parcela para o fim do acordo' }));
  const dialog = await screen.findByRole('dialog', { name: 'Mover parcela para o fim do acordo' });
  await within(dialog).findByRole('list', { name: 'Como ficam suas parcelas' });
  return dialog;
}

describe('moving an instalment to the end', () => {
  it('shows the new schedule, marking only what changes, confirms it once whatever the taps, and focus goes to the word on it', async () => {
    const reply = deferred<{ status: 'concluido'; acordo: AgreementInProgress }>();
    const { fake, user } = renderHarness({ 'agreements.changeSchedule': () => reply.promise });
    const dialog = await openMove(user);
    expect(fake.callsTo('agreements.schedulePreview').map((call) => call.input)).toEqual([
      { codcredor: '1006', contrato: '6011452873', mudanca: { tipo: 'mover', numero: 4 } },
    ]);
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/\u00a0/g, ' '));
    // 5 and 6 move up a place with their own dates and values: only the moved one changes
    expect(items).toEqual([
      'Parcela 4 — 10/07/2026 — R$ 212,40',
      'Parcela 5 — 10/08/2026 — R$ 212,40',
      'Parcela 6 — 09/09/2026 — R$ 212,40 (antes: parcela 4, 10/06/2026)',
    ]);
    expect(dialog.querySelectorAll('.schedule-item--changed')).toHaveLength(1);

    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' });
    await user.dblClick(confirm);
    await user.click(confirm);
    reply.resolve({ status: 'concluido', acordo: moved() });

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MOVED_TEXT));
    expect(MOVED_TEXT).toBe('Pronto! A parcela foi movida para o fim do acordo.');
    expect(screen.queryByRole('dialog')).toBeNull();
    // not left on <body>: on the page's word on the change (the button that opened may be gone)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('status')));
    expect(fake.callsTo('agreements.changeSchedule').map((call) => call.input)).toEqual([
      {
        codcredor: '1006',
        contrato: '6011452873',
        mudanca: { tipo: 'mover', numero: 4 },
        chave: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    // the page's agreement is the answer's, not asked again
    expect(screen.getByText('Última: 2026-09-09')).toBeTruthy();
    expect(fake.callsTo('agreements.inProgress')).toHaveLength(1);
  });

  it("shows the BFF's message in the modal, and a retry sends the same key", async () => {
    let refuse = true;
    const { fake, user } = renderHarness({
      'agreements.changeSchedule': () => {
        if (refuse) {
          refuse = false;
          throw new FakeTrpcError('BAD_GATEWAY', 'O credor não respondeu. Tente novamente.');
        }
        return { status: 'concluido', acordo: moved() };
      },
    });
    const dialog = await openMove(user);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await within(dialog).findByText('O credor não respondeu. Tente novamente.');
    expect(within(dialog).getByRole('alert').textContent).toBe('O credor não respondeu. Tente novamente.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MOVED_TEXT));
    const [first, second] = keysSent(fake);
    expect(keysSent(fake)).toHaveLength(2);
    expect(second).toBe(first);
  });

  it('asks what became of a change still processing, every second, with its key, until it is done', async () => {
    const polls: string[] = [];
    const { fake, user } = renderHarness({
      'agreements.changeSchedule': () => ({ status: 'processando' }),
      'agreements.scheduleChange': ({ chave }) => {
        polls.push(chave);
        return polls.length < 2 ? { status: 'processando' } : { status: 'concluido', acordo: moved() };
      },
    });
    const dialog = await openMove(user);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText(PROCESSING_TEXT)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MOVED_TEXT), { timeout: 4_000 });
    expect(polls).toHaveLength(2);
    expect(new Set([...polls, ...keysSent(fake)]).size).toBe(1);
    expect(keysSent(fake)).toHaveLength(1);
    expect(screen.getByText('Última: 2026-09-09')).toBeTruthy();
  });

  it('says nothing was changed when the BFF finds no change, and the retry keeps the key', async () => {
    const { fake, user } = renderHarness({
      'agreements.changeSchedule': () => ({ status: 'processando' }),
      'agreements.scheduleChange': () => ({ status: 'nenhum' }),
    });
    const dialog = await openMove(user);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText(NOT_CHANGED_TEXT, {}, { timeout: 3_000 })).toBeTruthy();
    fake.on('agreements.changeSchedule', () => ({ status: 'concluido' as const, acordo: moved() }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MOVED_TEXT));
    expect(new Set(keysSent(fake)).size).toBe(1);
    expect(keysSent(fake)).toHaveLength(2);
  });

  it('makes a new key each time the modal opens', async () => {
    const { fake, user } = renderHarness();
    await user.click((await openMove(user)).querySelector('.btn-primary') as HTMLElement);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MOVED_TEXT));
    fake.on('agreements.inProgress', () => anaAgreement());
    await user.click(screen.getByRole('button', { name: 'Mover esta parcela para o fim do acordo' }));
    const again = await screen.findByRole('dialog', { name: 'Mover parcela para o fim do acordo' });
    await user.click(await within(again).findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(keysSent(fake)).toHaveLength(2));
    expect(new Set(keysSent(fake)).size).toBe(2);
  });
});

describe('a new payment day', () => {
  /** Day 10: 10 October 2026 is a Saturday and the 12th a holiday, so October's falls on the 13th. */
  const onDay10 = () =>
    anaAgreement([
      instalment(1, '2026-03-10', 'PAGO'),
      instalment(2, '2026-04-09', 'PAGO'),
      instalment(3, '2026-05-11', 'PAGO'),
      instalment(4, '2026-09-10', 'EM ABERTO'),
      instalment(5, '2026-10-13', 'FUTURA'),
      instalment(6, '2026-11-10', 'FUTURA'),
    ]);

  it('lists every new date of the day chosen, says when one moved to a business day, and confirms once', async () => {
    const { fake, user } = renderHarness({
      'agreements.schedulePreview': () =>
        previewOf(onDay10(), {
          4: { numero: 4, vencimento: '2026-06-10' },
          5: { numero: 5, vencimento: '2026-07-10' },
          6: { numero: 6, vencimento: '2026-08-10' },
        }),
      'agreements.changeSchedule': () => ({ status: 'concluido', acordo: onDay10() }),
    });
    await screen.findByText('Última: 2026-08-10');
    await user.click(screen.getByRole('button', { name: 'Mudar o dia de pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mudar o dia de pagamento' });
    const select = within(dialog).getByLabelText('Novo dia de pagamento') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Escolha um dia',
      ...Array.from({ length: 28 }, (_, i) => `Dia ${i + 1}`),
    ]);
    expect((within(dialog).getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await user.selectOptions(select, 'Dia 10');
    const list = await within(dialog).findByRole('list', { name: 'Como ficam suas parcelas' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/\u00a0/g, ' ')),
    ).toEqual([
      'Parcela 4 — 10/09/2026 — R$ 212,40 (antes: 10/06/2026)',
      'Parcela 5 — 13/10/2026 — R$ 212,40 (antes: 10/07/2026)',
      'Parcela 6 — 10/11/2026 — R$ 212,40 (antes: 10/08/2026)',
    ]);
    expect(within(dialog).getByText(SHIFTED_TEXT)).toBeTruthy();
    // every date comes later: nothing is said of one due earlier
    expect(dialog.querySelector('.schedule-earlier')).toBeNull();
    expect(fake.callsTo('agreements.schedulePreview').at(-1)?.input).toEqual({
      codcredor: '1006',
      contrato: '6011452873',
      mudanca: { tipo: 'dia', dia: 10 },
    });

    await user.dblClick(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `Pronto! Suas parcelas agora vencem no dia 10. ${SHIFTED_TEXT}`,
      ),
    );
    expect(fake.callsTo('agreements.changeSchedule').map((call) => call.input)).toEqual([
      expect.objectContaining({ mudanca: { tipo: 'dia', dia: 10 } }),
    ]);
  });

  it('says before the confirmation when the new day makes the next instalment due earlier', async () => {
    const earlier = anaAgreement([
      instalment(1, '2026-03-10', 'PAGO'),
      instalment(2, '2026-04-09', 'PAGO'),
      instalment(3, '2026-05-11', 'PAGO'),
      instalment(4, '2026-06-05', 'EM ABERTO'),
      instalment(5, '2026-07-06', 'FUTURA'),
      instalment(6, '2026-08-05', 'FUTURA'),
    ]);
    const { user } = renderHarness({
      'agreements.schedulePreview': () =>
        previewOf(
          earlier,
          {
            4: { numero: 4, vencimento: '2026-06-10' },
            5: { numero: 5, vencimento: '2026-07-10' },
            6: { numero: 6, vencimento: '2026-08-10' },
          },
          { numero: 4, de: '2026-06-10', para: '2026-06-05' },
        ),
    });
    await screen.findByText('Última: 2026-08-10');
    await user.click(screen.getByRole('button', { name: 'Mudar o dia de pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mudar o dia de pagamento' });
    await user.selectOptions(within(dialog).getByLabelText('Novo dia de pagamento'), 'Dia 5');
    await waitFor(() =>
      expect(dialog.querySelector('.schedule-earlier')?.textContent).toBe(
        'Atenção: a parcela 4 passa a vencer antes: em 05/06/2026, e não mais em 10/06/2026.',
      ),
    );
  });

  it('gives another day chosen after a refusal a key of its own, and the same day the same key', async () => {
    const { fake, user } = renderHarness({
      'agreements.changeSchedule': () => {
        throw new FakeTrpcError('BAD_REQUEST', 'Este credor não permite essa alteração no acordo.');
      },
    });
    await screen.findByText('Última: 2026-08-10');
    await user.click(screen.getByRole('button', { name: 'Mudar o dia de pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mudar o dia de pagamento' });
    const select = within(dialog).getByLabelText('Novo dia de pagamento');
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' });
    await user.selectOptions(select, 'Dia 10');
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await user.click(confirm);
    await within(dialog).findByText('Este credor não permite essa alteração no acordo.');
    await user.click(confirm);
    await waitFor(() => expect(keysSent(fake)).toHaveLength(2));
    await user.selectOptions(select, 'Dia 15');
    await waitFor(() => expect(fake.callsTo('agreements.schedulePreview')).toHaveLength(2));
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    await user.click(confirm);
    await waitFor(() => expect(keysSent(fake)).toHaveLength(3));
    const [ten, tenAgain, fifteen] = keysSent(fake);
    expect(tenAgain).toBe(ten);
    expect(fifteen).not.toBe(ten);
  });
});
