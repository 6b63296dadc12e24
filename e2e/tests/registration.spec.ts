import {
  expect,
  expectNoSeriousA11yViolations,
  expectNothingPersonalStored,
  freshCpf,
  outboxOf,
  PERSONAS,
  signOut,
  test,
} from './fixtures';

const DECLARO = 'Declaro que li e aceito os Termos de Uso e a Política de Privacidade';

/** Desktop registers the seeded unregistered persona; phones register a fresh CPF (a document registers once). */
function visitorFor(project: string) {
  if (project === 'desktop') {
    return {
      cpf: '71460238001',
      nome: 'Fernanda Oliveira Souza',
      email: 'fernanda.souza@example.com.br',
      phone: '41991234567',
    };
  }
  const cpf = freshCpf();
  return {
    cpf,
    nome: 'Visitante de Teste Silva',
    email: `visitante.${cpf}@example.com`,
    phone: `119${cpf.slice(0, 8)}`,
  };
}

test('an unregistered visitor goes from the home banner to a signed-in account', async ({
  page,
}, testInfo) => {
  const visitor = visitorFor(testInfo.project.name);
  await page.goto('/');
  await page.getByLabel('CPF/CNPJ').fill(visitor.cpf);
  await page.getByRole('button', { name: 'Consultar grátis' }).click();

  await expect(page).toHaveURL(/\/cadastro$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Quase lá' })).toBeVisible();
  await expect(page.getByLabel('CPF/CNPJ', { exact: true })).toHaveValue(
    visitor.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4'),
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Nome Completo').fill(visitor.nome);
  await page.getByLabel('E-mail').fill(visitor.email);
  await page.getByLabel('Celular').fill(visitor.phone);
  await expect(page.getByLabel('Celular')).toHaveValue(/^\(\d\d\) \d{5}-\d{4}$/);
  await page.getByLabel('Meu número é o mesmo do WhatsApp').check();
  await page.getByRole('button', { name: 'Finalizar cadastro' }).click();

  const terms = page.getByRole('dialog', { name: /Para entrar, leia e aceite/ });
  await expect(terms).toBeVisible();
  await expect(terms.getByRole('button', { name: 'Entrar' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await terms.getByLabel(DECLARO).check();
  await terms.getByRole('button', { name: 'Entrar' }).click();

  await expect(page).toHaveURL(/\/politica-cadastro$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeVisible();
  const declaro = page.getByRole('checkbox', { name: DECLARO });
  const register = page.getByRole('button', { name: 'Cadastrar' });
  await expect(register).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await declaro.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(declaro).toBeEnabled();
  await declaro.check();
  await register.click();

  await expect(page).toHaveURL(/\/minha-conta\?first=true$/);
  const info = page.getByRole('dialog');
  await expect(info).toContainText('senha');
  await expectNoSeriousA11yViolations(page);
  await info.getByRole('button', { name: 'Ok, estou ciente.' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Olá, ${visitor.nome.split(' ')[0]}`);
  await expectNothingPersonalStored(page);

  // The temporary password the simulator sent opens the account.
  const welcome = (await outboxOf(visitor.cpf)).find((m) => m.canal === 'email');
  const password = welcome?.texto.match(/senha provisória de acesso é (\S+)\./)?.[1];
  expect(password).toBeTruthy();
  await signOut(page);
  await page.goto('/login');
  await page.getByLabel('CPF/CNPJ').fill(visitor.cpf);
  await page.getByLabel('Senha', { exact: true }).fill(password ?? '');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
});

test('registration refuses an e-mail and a phone already in use', async ({ page }) => {
  const cpf = freshCpf();
  await page.goto('/cadastro');
  await page.getByLabel('CPF/CNPJ', { exact: true }).fill(cpf);
  await page.getByLabel('Nome Completo').fill('Pessoa de Teste Souza');
  await page.getByLabel('E-mail').fill('maria.silva@example.com');
  await page.getByLabel('Celular').fill('11912345678');
  await page.getByRole('button', { name: 'Finalizar cadastro' }).click();

  await expect(page.getByText('E-mail já cadastrado. Por favor, utilize outro e-mail')).toBeVisible();
  await expect(page.getByText('Telefone já cadastrado. Por favor, utilize outro telefone')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('a company document asks for the Razão Social', async ({ page }) => {
  await page.goto('/cadastro');
  await page.getByLabel('CPF/CNPJ', { exact: true }).fill('12abc34501de35');
  await expect(page.getByLabel('Razão Social')).toBeVisible();
  await expect(page.getByLabel('Nome Completo')).toHaveCount(0);
});

test('the policy step without registration data goes back to /cadastro', async ({ page }) => {
  await page.goto('/politica-cadastro');
  await expect(page).toHaveURL(/\/cadastro$/);
});

test('a registered CPF typed on /cadastro is told at once, with the way to sign in and the document handed over', async ({
  page,
}) => {
  await page.goto('/cadastro');
  await page.getByLabel('CPF/CNPJ', { exact: true }).fill(PERSONAS.maria.typed);

  // before any other field, the contact check, the terms or the policy step
  const registered = page.getByRole('dialog', { name: 'CPF já cadastrado' });
  await expect(registered).toBeVisible();
  await expect(registered).toContainText('Já existe um cadastro com este CPF.');
  await expectNoSeriousA11yViolations(page);
  await registered.getByRole('link', { name: 'Entrar' }).click();

  await expect(page).toHaveURL(/\/login$/);
  // the field itself (not the registration's show/hide button, still on screen while /login loads)
  await expect(page.getByRole('textbox', { name: 'CPF/CNPJ' })).toHaveValue(PERSONAS.maria.shown);
  await expectNothingPersonalStored(page);
});

test('a registered CNPJ handed from /login to /cadastro is told at once, with the way to a new password', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('CPF/CNPJ').fill(PERSONAS.novaEra.typed);
  // the page is live (its sign-in button is enabled once hydrated): the link then hands the document over
  // in memory; before that it is a plain link, and /cadastro opens empty
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled();
  await page.getByRole('link', { name: 'Cadastre-se' }).click();

  await expect(page).toHaveURL(/\/cadastro$/);
  const registered = page.getByRole('dialog', { name: 'CNPJ já cadastrado' });
  await expect(registered).toBeVisible();
  await registered.getByRole('link', { name: 'Esqueci minha senha' }).click();

  await expect(page).toHaveURL(/\/esqueceu-senha$/);
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(PERSONAS.novaEra.shown);
  await expectNothingPersonalStored(page);
});

test('closing the notice of a registered document lets a mistyped one be corrected and the registration go on', async ({
  page,
}) => {
  const cpf = freshCpf();
  await page.goto('/cadastro');
  const documentField = page.getByLabel('CPF/CNPJ', { exact: true });
  await documentField.fill(PERSONAS.maria.typed);
  const registered = page.getByRole('dialog', { name: 'CPF já cadastrado' });
  await registered.getByRole('button', { name: 'Fechar' }).click();
  await expect(registered).toHaveCount(0);
  await expect(documentField).toBeFocused();

  await documentField.fill(cpf);
  await page.getByLabel('Nome Completo').fill('Pessoa de Teste Souza');
  await page.getByLabel('E-mail').fill(`pessoa.${cpf}@example.com`);
  await page.getByLabel('Celular').fill(`119${cpf.slice(0, 8)}`);
  await page.getByRole('button', { name: 'Finalizar cadastro' }).click();
  await expect(page.getByRole('dialog', { name: /Para entrar, leia e aceite/ })).toBeVisible();
});
