import { REMINDER_MESSAGES } from '@portal/contracts/procedures/reminders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandlers, FakeTrpcError, installFakeBff } from '../../../test/fake-bff';
import { concluded, inProgress } from '../../../test/fixtures/agreements';
import { MARIA, renderApp } from '../../../test/render-app';
import { agreementsHref } from '../../lib/navigation/journey-links';
import { paths } from '../../lib/navigation/paths';
import { PUSH_FAILED, type ReminderSettings } from './reminder-choices';
import { REMINDED } from './reminder-modal';

const LINK = agreementsHref({ codcredor: '1', contrato: '5521009', logoUrl: null });
const PUSH_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

function settings(overrides: Partial<ReminderSettings> = {}): ReminderSettings {
  return {
    disponiveis: ['push', 'email', 'sms'],
    pushChave: PUSH_KEY,
    canais: ['push', 'email'],
    dias: [3, 0],
    pausadoAte: null,
    parado: false,
    lembrados: 0,
    ...overrides,
  };
}

/** A browser with Web Push: the person answers `permission`; `subscribe` is what the push service does. */
function browserWithPush(permission: NotificationPermission, subscribe = async () => SUBSCRIPTION) {
  const pushManager = {
    getSubscription: vi.fn(async () => null),
    subscribe: vi.fn(async () => {
      const json = await subscribe();
      return { options: {}, toJSON: () => json };
    }),
  };
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  return { pushManager, requestPermission };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

async function openModal(handlers: FakeHandlers = {}) {
  const fake = installFakeBff({
    'agreements.inProgress': () => inProgress(),
    'reminders.settings': () => settings(),
    'reminders.subscribe': () => ({ inscrito: true }),
    'reminders.remind': () => settings(),
    ...handlers,
  });
  const user = userEvent.setup();
  renderApp(LINK, { session: MARIA });
  await user.click(await screen.findByRole('button', { name: 'Quero ser lembrado' }));
  const modal = await screen.findByRole('dialog', { name: 'Quero ser lembrado' });
  return { fake, user, modal };
}

const checkbox = (modal: HTMLElement, name: string) => within(modal).getByRole('checkbox', { name });

describe("'Quero ser lembrado'", () => {
  it('offers only the channels the BFF and this browser can use, as last chosen', async () => {
    const { fake, modal } = await openModal({
      'reminders.settings': () => settings({ disponiveis: ['push', 'email'], dias: [7, 1] }),
    });
    // jsdom has no PushManager: no notification on this device, and no SMS for this person
    const como = within(modal).getByRole('group', { name: 'Como avisar' });
    expect(
      within(como)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['email']);
    expect((checkbox(modal, 'E-mail') as HTMLInputElement).checked).toBe(true);
    const quando = within(modal).getByRole('group', { name: 'Quando avisar' });
    expect(
      within(quando)
        .getAllByRole('checkbox')
        .map((c) => [c.getAttribute('value'), (c as HTMLInputElement).checked]),
    ).toEqual([
      ['7', true],
      ['3', false],
      ['1', true],
      ['0', false],
    ]);
    expect(
      within(modal).getByText(/entre 08:00 e 21:00 e nunca mostram valores nem documentos/),
    ).toBeTruthy();
    expect(fake.callsTo('reminders.settings')).toHaveLength(1);
  });

  it("turns this phone's notifications on, keeps its subscription and reminds the agreement", async () => {
    const { pushManager, requestPermission } = browserWithPush('granted');
    const { fake, user, modal } = await openModal();
    expect((checkbox(modal, 'Notificação neste celular') as HTMLInputElement).checked).toBe(true);
    await user.click(checkbox(modal, 'SMS'));
    await user.click(within(modal).getByRole('button', { name: 'Ativar lembretes' }));

    await waitFor(() => expect(within(modal).getByRole('status').textContent).toBe(REMINDED));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const [options] = pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toBeInstanceOf(Uint8Array);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(fake.callsTo('reminders.subscribe').map((c) => c.input)).toEqual([SUBSCRIPTION]);
    expect(fake.callsTo('reminders.remind').map((c) => c.input)).toEqual([
      { codcredor: '1', contrato: '5521009', canais: ['push', 'email', 'sms'], dias: [3, 0] },
    ]);
    expect(within(modal).getByRole('alert').textContent).toBe('');
  });

  it('says notifications were refused and still keeps the other channels', async () => {
    const { pushManager } = browserWithPush('denied');
    const { fake, user, modal } = await openModal();
    await user.click(within(modal).getByRole('button', { name: 'Ativar lembretes' }));

    // one outcome: what will remind the person, and that this browser's notifications will not
    await waitFor(() =>
      expect(within(modal).getByRole('status').textContent).toBe(
        'Você será lembrado por e-mail. As notificações deste aparelho não foram ativadas: verifique a permissão de notificações do navegador.',
      ),
    );
    expect(within(modal).getByRole('alert').textContent).toBe('');
    expect(within(modal).queryByText(REMINDED)).toBeNull();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(fake.callsTo('reminders.subscribe')).toHaveLength(0);
    expect(fake.callsTo('reminders.remind').map((c) => c.input)).toEqual([
      { codcredor: '1', contrato: '5521009', canais: ['email'], dias: [3, 0] },
    ]);
  });

  it('reminds nothing when push was the only channel and the push service refused the subscription', async () => {
    browserWithPush('granted', async () => {
      throw new Error('push service unreachable');
    });
    const { fake, user, modal } = await openModal({
      'reminders.settings': () => settings({ canais: ['push'] }),
    });
    await user.click(within(modal).getByRole('button', { name: 'Ativar lembretes' }));
    await waitFor(() => expect(within(modal).getByRole('alert').textContent).toBe(PUSH_FAILED));
    expect(fake.callsTo('reminders.remind')).toHaveLength(0);
    expect(within(modal).getByRole('status').textContent).toBe('');
  });

  it('explains that a channel and a day are needed before anything is sent', async () => {
    const { fake, user, modal } = await openModal({
      'reminders.settings': () => settings({ disponiveis: ['email'], canais: [] }),
    });
    const activate = within(modal).getByRole('button', { name: 'Ativar lembretes' });
    await user.click(activate);
    expect(within(modal).getByRole('alert').textContent).toBe(REMINDER_MESSAGES.noChannel);
    expect(activate.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(activate.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      REMINDER_MESSAGES.noChannel,
    );

    await user.click(checkbox(modal, 'E-mail'));
    expect(within(modal).getByRole('alert').textContent).toBe('');
    await user.click(checkbox(modal, '3 dias antes'));
    await user.click(checkbox(modal, 'No dia do vencimento'));
    await user.click(activate);
    expect(within(modal).getByRole('alert').textContent).toBe(REMINDER_MESSAGES.noDay);
    expect(fake.callsTo('reminders.remind')).toHaveLength(0);
  });

  it("shows the BFF's refusal in the modal", async () => {
    const { user, modal } = await openModal({
      'reminders.settings': () => settings({ disponiveis: ['email'], canais: ['email'] }),
      'reminders.remind': () => {
        throw new FakeTrpcError('BAD_REQUEST', 'Escolha pelo menos uma forma de receber os lembretes.');
      },
    });
    await user.click(within(modal).getByRole('button', { name: 'Ativar lembretes' }));
    await waitFor(() =>
      expect(within(modal).getByRole('alert').textContent).toBe(
        'Escolha pelo menos uma forma de receber os lembretes.',
      ),
    );
    await user.click(within(modal).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob | undefined) =>
  new Promise<unknown>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(blob ?? new Blob());
  });

describe('on the page of an agreement just made', () => {
  it("reminds that agreement's creditor and contract", async () => {
    const fake = installFakeBff({
      'agreements.concluded': () => concluded(),
      'reminders.settings': () => settings({ disponiveis: ['email'], canais: ['email'] }),
      'reminders.remind': () => settings(),
    });
    const user = userEvent.setup();
    renderApp(paths.acordoConcluido, { session: MARIA });
    await user.click(await screen.findByRole('button', { name: 'Quero ser lembrado' }));
    const modal = await screen.findByRole('dialog', { name: 'Quero ser lembrado' });
    await user.click(within(modal).getByRole('button', { name: 'Ativar lembretes' }));
    await waitFor(() => expect(within(modal).getByRole('status').textContent).toBe(REMINDED));
    expect(fake.callsTo('reminders.remind').map((c) => c.input)).toEqual([
      { codcredor: '1', contrato: '3051720', canais: ['email'], dias: [3, 0] },
    ]);
  });

  it('is not offered on the page of a re-issued payment', async () => {
    installFakeBff({ 'agreements.concluded': () => concluded({ tipo: 'reemissao' }) });
    renderApp(paths.reemissaoConcluida, { session: MARIA });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Quero ser lembrado' })).toBeNull();
  });
});

describe("'Adicionar à agenda'", () => {
  it("downloads the agreement's .ics as a calendar file", async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:http://localhost/ics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.getAttribute('href')}`);
    });
    const fake = installFakeBff({
      'agreements.inProgress': () => inProgress(),
      'reminders.calendar': () => ({
        nome: 'acordo-ipe-eletro.ics',
        conteudo: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR',
      }),
    });
    const user = userEvent.setup();
    renderApp(LINK, { session: MARIA });
    await user.click(await screen.findByRole('button', { name: 'Adicionar à agenda' }));

    await waitFor(() => expect(saved).toEqual(['acordo-ipe-eletro.ics blob:http://localhost/ics']));
    expect(fake.callsTo('reminders.calendar').map((c) => c.input)).toEqual([
      { codcredor: '1', contrato: '5521009' },
    ]);
    expect(created[0]?.type).toBe('text/calendar');
    expect(await textOf(created[0])).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR');
  });

  it('shows the error modal when the BFF cannot make the file', async () => {
    installFakeBff({
      'agreements.inProgress': () => inProgress(),
      'reminders.calendar': () => {
        throw new FakeTrpcError('BAD_REQUEST', 'Não há parcelas em aberto neste acordo.');
      },
    });
    const user = userEvent.setup();
    renderApp(LINK, { session: MARIA });
    await user.click(await screen.findByRole('button', { name: 'Adicionar à agenda' }));
    const error = await screen.findByRole('alertdialog', { name: 'Algo deu errado' });
    expect(within(error).getByText('Não há parcelas em aberto neste acordo.')).toBeTruthy();
  });

  it('is not offered for an agreement with every instalment paid', async () => {
    const data = inProgress();
    installFakeBff({
      'agreements.inProgress': () => ({
        ...data,
        parcelas: data.parcelas.map((p) => ({ ...p, status: 'PAGO' as const })),
      }),
    });
    renderApp(LINK, { session: MARIA });
    await screen.findByRole('list', { name: 'Parcelas do acordo' });
    expect(screen.queryByRole('button', { name: 'Quero ser lembrado' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adicionar à agenda' })).toBeNull();
  });
});
