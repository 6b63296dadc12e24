import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { startPushReceiver } from '@portal/test-kit/push-receiver';
import {
  backToAccount,
  expect,
  expectNoSeriousA11yViolations,
  openMoreOption,
  signInAsCopyOf,
  stubPost,
  test,
} from './fixtures';

// Reminders of due dates, from 'Quero ser lembrado' to the notification's tap. The BFF really encrypts and
// posts each push to a local push service (test-kit's receiver, one a project: playwright.config.ts lists
// both ports in PUSH_SERVICES); a headless browser reaches no real push service, so the page's PushManager
// answers with the receiver's subscription, and the message the receiver decrypted is handed to the page's
// service worker through DevTools, as a push service would deliver it.

const PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? 3102);
const CONTRACT = '6011452873';
const DUE_TODAY = 'Sua parcela 4 com Cartão Sol Nascente vence hoje';

test.use({ serviceWorkers: 'allow' });

/** The receiver's subscription as this page's PushManager gives it, from the first script on. */
async function pushManagerOf(page: Page, subscription: { endpoint: string; keys: object }) {
  await page.addInitScript((sub) => {
    let current: object | null = null;
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const made = {
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: options?.applicationServerKey ?? null },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      current = made;
      return made as unknown as PushSubscription;
    };
  }, subscription);
}

/** Hands `payload` to the page's service worker as a push message (DevTools' ServiceWorker domain). */
async function deliverPush(context: BrowserContext, page: Page, payload: unknown) {
  const cdp = await context.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registration,
    data: JSON.stringify(payload),
  });
}

test("'Quero ser lembrado' by notification: the reminder is pushed on the day, and its tap opens the agreement", async ({
  page,
  context,
}, testInfo) => {
  const receiver = await startPushReceiver({
    port: PUSH_PORT + (testInfo.project.name === 'desktop' ? 1 : 0),
  });
  try {
    const subscription = receiver.subscribe();
    const id = subscription.endpoint.split('/').pop();
    await context.grantPermissions(['notifications']);
    await pushManagerOf(page, subscription);

    const ana = await signInAsCopyOf(page, 'ana');
    // her instalment 4 falls due today: its 'No dia do vencimento' reminder is due now
    await stubPost('/__stub/agreements/atrasar', {
      cpfCnpj: ana.cpfCnpj,
      contrato: CONTRACT,
      numero: 4,
      dias: 0,
    });
    await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
    await expect(page).toHaveURL(/\/acordos\?credor=1006&contrato=6011452873&/);

    await page.getByRole('button', { name: 'Quero ser lembrado' }).click();
    const modal = page.getByRole('dialog', { name: 'Quero ser lembrado' });
    const channels = modal.getByRole('group', { name: 'Como avisar' });
    await expect(channels.getByRole('checkbox')).toHaveCount(3);
    await channels.getByRole('checkbox', { name: 'Notificação neste celular' }).check();
    // by notification only: an e-mail due now would reach the simulator's /avisos a moment late (refused)
    await channels.getByRole('checkbox', { name: 'E-mail' }).uncheck();
    await expect(modal.getByRole('checkbox', { name: 'No dia do vencimento' })).toBeChecked();
    await expect(modal.getByText(/entre 08:00 e 21:00/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await modal.getByRole('button', { name: 'Ativar lembretes' }).click();
    await expect(modal.getByRole('status')).toHaveText('Pronto! Você será lembrado das próximas parcelas.');
    await expect(modal.getByRole('alert')).toHaveText('');
    await expectNoSeriousA11yViolations(page);
    await modal.getByRole('button', { name: 'Fechar' }).click();

    // the BFF's sweep sends today's reminder to this browser's subscription, and only what it may say
    await expect
      .poll(() => receiver.received.filter((r) => r.subscription === id).map((r) => r.payload.texto), {
        message: "today's reminder, once, at this browser's push service",
        timeout: 20_000,
      })
      .toEqual([DUE_TODAY]);
    const payload = receiver.received.find((r) => r.subscription === id)?.payload ?? {};
    expect(payload).toEqual({ titulo: 'Negocia Varejo', texto: DUE_TODAY, lembrete: expect.any(String) });
    expect(receiver.refused).toEqual([]);

    // the push service hands it to the phone: the service worker shows it
    await deliverPush(context, page, payload);
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body]),
        ),
      )
      .toEqual([['Negocia Varejo', DUE_TODAY]]);

    // the tap: the service worker takes a window of the portal to the agreement reminded of
    await page.goto('/minha-conta');
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(async () => {
      // the worker's own globals (this project's types know the window's only)
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      } & EventTarget;
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error('no notification');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    });
    const agreementPage = async () =>
      context.pages().find((p) => /\/acordos\?credor=1006&contrato=6011452873&/.test(p.url())) ?? null;
    await expect.poll(async () => (await agreementPage())?.url() ?? '').toMatch(/chamarAcordo=true$/);
    const opened = (await agreementPage()) as Page;
    await expect(opened.getByRole('heading', { level: 1, name: 'Acordos em andamento' })).toBeVisible();
    await expect(opened.getByRole('img', { name: 'Cartão Sol Nascente' })).toBeVisible();
    await expect(opened.getByRole('list', { name: 'Parcelas do acordo' }).getByRole('listitem')).toHaveCount(
      6,
    );
    await expect
      .poll(() =>
        opened.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length),
      )
      .toBe(0);

    // 'Adicionar à agenda': an event for each open instalment (4, 5 and 6)
    const saved = opened.waitForEvent('download');
    await opened.getByRole('button', { name: 'Adicionar à agenda' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe('acordo-cartao-sol-nascente.ics');
    const ics = readFileSync((await download.path()) ?? '', 'utf8');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(ics).toContain('SUMMARY:Parcela 4 · Cartão Sol Nascente');
  } finally {
    await receiver.close();
  }
});

test('the Notificações page pauses every reminder for 30 days, and says until when', async ({ page }) => {
  await signInAsCopyOf(page, 'ana');
  await backToAccount(page);
  await openMoreOption(page, 'Notificações');
  const section = page.getByRole('region', { name: 'Lembretes de vencimento' });
  await expect(section.getByRole('group', { name: 'Quando avisar' })).toBeVisible();
  await expect(section.getByText(/^Nenhum acordo tem lembretes ainda/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await section.getByRole('button', { name: 'Pausar lembretes por 30 dias' }).click();
  const until = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(Date.now() + 30 * 24 * 60 * 60_000));
  await expect(section.getByRole('status')).toHaveText(`Pronto! Os lembretes estão pausados até ${until}.`);
  await expect(section.getByText(`Os lembretes estão pausados até ${until}.`, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Lembretes de vencimento' })
      .getByText(`Os lembretes estão pausados até ${until}.`, { exact: true }),
  ).toBeVisible();
});
