import {
  expect,
  expectNoSeriousA11yViolations,
  expectNothingPersonalStored,
  mintGoogleCredential,
  PERSONAS,
  serveFakeGoogle,
  test,
} from './fixtures';

test('Maria signs in by answering her identity question', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('CPF/CNPJ').fill(PERSONAS.maria.typed);
  await page.getByRole('button', { name: 'Entrar respondendo a uma pergunta' }).click();

  const question = page.getByRole('dialog', {
    name: 'Antes de prosseguir, precisamos validar sua identificação.',
  });
  await expect(question).toContainText('Qual o nome da cidade onde você nasceu?');
  await expectNoSeriousA11yViolations(page);
  await question.getByRole('button', { name: 'Validar' }).click();
  await expect(question.getByText('Informe a resposta.')).toBeVisible();

  await question.getByLabel('Resposta').fill('Santos');
  await question.getByRole('button', { name: 'Validar' }).click();
  const refused = page.getByRole('alertdialog');
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Fechar' }).click();

  await question.getByLabel('Resposta').fill('Campinas');
  await question.getByRole('button', { name: 'Validar' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Olá, Maria');
  await expectNothingPersonalStored(page);
});

test('Maria signs in with her Google account', async ({ page }) => {
  await serveFakeGoogle(page, await mintGoogleCredential('maria.silva@example.com'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Fazer login com o Google' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Olá, Maria');
  await expectNothingPersonalStored(page);
});

test('a Google account without registration gets the Ops! modal', async ({ page }) => {
  await serveFakeGoogle(page, await mintGoogleCredential('ninguem.cadastrado@example.com'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Fazer login com o Google' }).click();
  const ops = page.getByRole('dialog', { name: 'Ops!' });
  await expect(ops).toContainText('A conta Google informada no login não existe em nenhum cadastro ativo');
  await expectNoSeriousA11yViolations(page);
  await ops.getByRole('button', { name: 'Voltar para o Login' }).click();
  await expect(ops).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});

test('without Google reachable the page offers the other ways only', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fazer login com o Google' })).toHaveCount(0);
});

test('a signed-out visitor is sent from every signed-in page to the start', async ({ page }) => {
  for (const path of ['/minha-conta', '/acordos', '/negociacao', '/resumo', '/mais-opcoes']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('a signed-in user is sent from every visitor page to /minha-conta', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('CPF/CNPJ').fill(PERSONAS.joao.typed);
  await page.getByLabel('Senha', { exact: true }).fill('Acordo@2026');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  for (const path of ['/', '/login', '/cadastro', '/esqueceu-senha', '/recuperar-senha', '/nova-senha-pb']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/minha-conta$/);
  }
  // The public texts stay open to everyone.
  await page.goto('/politica-geral');
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso de Privacidade' })).toBeVisible();
});
