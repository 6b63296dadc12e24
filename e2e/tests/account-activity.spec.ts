import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  GOOGLE_SCRIPT_URL,
  openMoreOptions,
  signInAs,
  signInAsCopyOf,
  test,
  todayInBrasilia,
} from './fixtures';

/** How each project's browser is listed by 'Atividade da conta': its device kind and browser. */
const DEVICE_SEEN: Record<string, string> = {
  phone: 'Celular · Chrome',
  tablet: 'Tablet · Safari',
  desktop: 'Computador · Chrome',
};

/** A second browser of the same kind as the test's, with the cookie choice made and no Google, as `test` sets. */
async function anotherBrowser(browser: Browser, options: BrowserContextOptions & { baseURL: string }) {
  const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
  await context.addCookies([{ name: 'aceito', value: 'true', url: options.baseURL }]);
  await context.route(GOOGLE_SCRIPT_URL, (route) => route.abort());
  return context;
}

/** 'Atividade da conta' by clicks from any signed-in page: 'Mais opções', then its tile. */
async function openActivity(page: Page) {
  await openMoreOptions(page);
  await page
    .getByRole('list', { name: 'Opções da conta' })
    .getByRole('link', { name: /^Atividade da conta/ })
    .click();
}

test("the account's activity lists today's sign-ins; one not recognised ends every other session", async ({
  page,
  browser,
  baseURL,
  userAgent,
  viewport,
  deviceScaleFactor,
  isMobile,
  hasTouch,
}, testInfo) => {
  const maria = await signInAsCopyOf(page, 'maria');
  // The same person signed in from a second browser of the same kind.
  const other = await anotherBrowser(browser, {
    baseURL: baseURL ?? '',
    userAgent,
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });
  const otherPage = await other.newPage();
  await signInAs(otherPage, maria.cpfCnpj);

  await openActivity(page);
  await expect(page).toHaveURL(/\/mais-opcoes\/atividade$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Atividade da conta' })).toBeVisible();
  await expect(page.getByText('Veja o que foi feito na sua conta nos últimos 90 dias.')).toBeVisible();
  const signIns = page
    .getByRole('list', { name: 'Atividades da conta' })
    .getByRole('listitem')
    .filter({ hasText: 'Entrada com senha' });
  await expect(signIns).toHaveCount(2);
  for (const line of await signIns.all()) {
    await expect(line).toContainText(DEVICE_SEEN[testInfo.project.name] ?? '?');
    await expect(line.locator('time')).toHaveText(new RegExp(`^${todayInBrasilia()} às \\d\\d:\\d\\d$`));
  }
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Não reconheço esta atividade' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Não reconhece esta atividade?' });
  await expect(confirm).toContainText(
    'Vamos encerrar todas as outras sessões da sua conta. Em seguida, troque sua senha.',
  );
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Encerrar sessões e trocar a senha' }).click();
  await expect(page).toHaveURL(/\/mais-opcoes\/nova-senha$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar senha' })).toBeVisible();

  // The other browser's session is over: its next signed-in page sends it to sign in again, and the
  // login page (for signed-out visitors only) stays.
  await openActivity(otherPage);
  await expect(otherPage).toHaveURL(/\/login$/);
  await expect(otherPage.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await other.close();

  // This browser kept its session, under its new id.
  await page.getByRole('main').getByRole('link', { name: 'Mais opções' }).click();
  await page
    .getByRole('list', { name: 'Opções da conta' })
    .getByRole('link', { name: /^Atividade da conta/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Atividade da conta' })).toBeVisible();
  await expect(signIns).toHaveCount(2);
});

test('a signed-out visitor is sent from the account activity to sign in', async ({ page }) => {
  await page.goto('/mais-opcoes/atividade');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
});
