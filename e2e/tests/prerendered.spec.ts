import { expect, GOOGLE_SCRIPT_URL, test } from './fixtures';

// The public pages the build prerenders (apps/web/src/prerender.tsx), with the title each one carries.
const PAGES = [
  { path: '/', title: 'Negocie suas dívidas | Negocia Varejo' },
  { path: '/login', title: 'Fazer login | Negocia Varejo' },
  { path: '/cadastro', title: 'Quase lá | Negocia Varejo' },
  { path: '/esqueceu-senha', title: 'Esqueceu sua senha? | Negocia Varejo' },
  { path: '/politica-geral', title: 'Aviso de Privacidade | Negocia Varejo' },
  { path: '/termos-gerais', title: 'Termos de Uso | Negocia Varejo' },
  { path: '/verificar-boleto-ou-pix', title: 'Verificar boleto ou PIX | Negocia Varejo' },
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, title } of PAGES) {
    test(`${path} shows its content and title from the HTML alone`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('main h1')).toBeVisible();
      expect((await page.locator('main').textContent())?.length ?? 0).toBeGreaterThan(100);
    });
  }
});

test('the prerendered pages hydrate without a mismatch and work as the SPA', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    // the fixtures make Google's script unreachable (no internet here): that failure is expected
    if (message.type() === 'error' && !message.location().url.startsWith(GOOGLE_SCRIPT_URL))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // a script the CSP blocks (an eval probe, say) is a problem too
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`),
    ),
  );

  for (const { path, title } of PAGES) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);

  // Hydrated: a click from the start page to the login page stays in the same document.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const marker = await page.evaluate(() => {
    (window as unknown as { spaMarker: number }).spaMarker = 1;
    return 1;
  });
  await page.getByRole('link', { name: 'Entrar' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Fazer login | Negocia Varejo');
  expect(await page.evaluate(() => (window as unknown as { spaMarker?: number }).spaMarker)).toBe(marker);
  expect(problems).toEqual([]);
});

test("leaving '/' starts the app in the same document, and Back and Forward move within it", async ({
  page,
}) => {
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1, name: /Negocie suas dívidas/ });
  await expect(heading).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { spaMarker: number }).spaMarker = 1;
  });
  const sameDocument = async () =>
    expect(await page.evaluate(() => (window as unknown as { spaMarker?: number }).spaMarker)).toBe(1);

  // The banner's link, as a visitor follows it: the new page's heading takes the focus.
  await page.getByRole('link', { name: 'Recebeu um boleto ou PIX? Verifique antes de pagar' }).click();
  const verify = page.getByRole('heading', { level: 1, name: 'Verificar boleto ou PIX' });
  await expect(verify).toBeFocused();
  await expect(page).toHaveURL(/\/verificar-boleto-ou-pix$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(heading).toBeVisible();
  await page.goForward();
  await expect(verify).toBeVisible();
  await sameDocument();
});
