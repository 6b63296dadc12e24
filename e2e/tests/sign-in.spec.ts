import {
  expect,
  expectNoSeriousA11yViolations,
  expectNothingPersonalStored,
  PASSWORD,
  PERSONAS,
  signIn,
  signOut,
  test,
} from './fixtures';

test('Maria goes from the home banner to her creditor cards', async ({ page }) => {
  await page.goto('/');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('CPF/CNPJ').fill(PERSONAS.maria.typed);
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(PERSONAS.maria.shown);
  await page.getByRole('button', { name: 'Consultar grátis' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Fazer login' })).toBeVisible();
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(PERSONAS.maria.shown);
  await expectNothingPersonalStored(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();

  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Maria' })).toBeVisible();
  const cards = page.getByRole('button', { name: /Ver mais/ });
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(3);
  const logos = page.getByRole('main').getByRole('img');
  expect(await logos.count()).toBeGreaterThanOrEqual(3);
  for (const logo of await logos.all()) {
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
  await expect(page.getByRole('banner')).toContainText(PERSONAS.maria.shortName);
  await expectNothingPersonalStored(page);
  await expectNoSeriousA11yViolations(page);
});

test('the logged-in header shows the short name and the document', async ({ page }) => {
  await signIn(page, 'maria');
  // the signed-in header's menu (phones) or its document (wider): waited for, since the header may still
  // be on its way when the address has changed
  const menu = page.getByRole('banner').getByRole('button', { name: 'Abrir menu' });
  await expect(menu.or(page.getByRole('banner').getByText(PERSONAS.maria.shown))).toBeVisible();
  if (await menu.isVisible()) await menu.click();
  await expect(page.getByText(PERSONAS.maria.shortName).first()).toBeVisible();
  await expect(page.getByText(PERSONAS.maria.shown).first()).toBeVisible();
});

test('João sees that no contracts were found', async ({ page }) => {
  await signIn(page, 'joao');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, João.' })).toBeVisible();
  await expect(
    page.getByText('No momento não encontramos contratos em nossa base de parceiros.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /Ver mais/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('Nova Era signs in with its alphanumeric CNPJ', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('CPF/CNPJ').fill(PERSONAS.novaEra.typed);
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(PERSONAS.novaEra.shown);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Olá, Nova/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Ver mais/ }).first()).toBeVisible();
  await expectNothingPersonalStored(page);
});

test('a reload keeps the session', async ({ page }) => {
  await signIn(page, 'maria');
  await page.reload();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Maria' })).toBeVisible();
});

test('sign-out returns to the home page and guards /minha-conta', async ({ page }) => {
  await signIn(page, 'maria');
  await signOut(page);
  await expect(page.getByRole('button', { name: 'Consultar grátis' })).toBeVisible();
  await page.goto('/minha-conta');
  await expect(page).toHaveURL(/\/$/);
  expect((await page.context().cookies()).filter((c) => c.name === 'sid')).toEqual([]);
});

test('the guard sends a signed-in user from the public pages to /minha-conta', async ({ page }) => {
  await signIn(page, 'joao');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/minha-conta$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/minha-conta$/);
});

test('a wrong password shows the catalogue message in the error modal', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('CPF/CNPJ').fill(PERSONAS.paulo.typed);
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(
    'Usuário ou senha incorretos. Verifique os dados, caps lock, e tente novamente.',
  );
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);
});

test('an invalid document is refused on the form', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('CPF/CNPJ').fill('52998224724');
  await page.getByRole('button', { name: 'Consultar grátis' }).click();
  await expect(page.getByText('CPF/CNPJ inválido')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("Paulo's debt lookup ends with the timeout message", async ({ page }) => {
  await signIn(page, 'paulo');
  await expect(page.getByText('Buscando dívidas...')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toContainText('Erro de timeout', { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
});

test('the login page takes a document from a ?cpfCnpj= link and drops it from the address bar', async ({
  page,
}) => {
  await page.goto(`/login?cpfCnpj=${PERSONAS.joao.typed}`);
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(PERSONAS.joao.shown);
  await expect(page).toHaveURL(/\/login$/);
  await expectNothingPersonalStored(page);
});
