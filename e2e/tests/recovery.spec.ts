import {
  expect,
  expectNoSeriousA11yViolations,
  expectNothingPersonalStored,
  freshCpf,
  outboxOf,
  stubPost,
  test,
} from './fixtures';

/** A registration of its own (straight at the simulator), so changing its password disturbs no other test. */
async function registeredVisitor() {
  const cpf = freshCpf();
  await stubPost('/cadastro', {
    cpfCnpj: cpf,
    nome: 'Recuperação de Teste Lima',
    email: `recupera.${cpf}@example.com`,
    telefone: `219${cpf.slice(0, 8)}`,
    senha: '',
    whatsapp: false,
    notificacao: false,
  });
  return cpf;
}

async function signInWith(page: import('@playwright/test').Page, cpf: string, password: string) {
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  void cpf;
}

test('forgot password: temporary password by e-mail and SMS, then a new password from the link', async ({
  page,
}) => {
  const cpf = await registeredVisitor();
  await page.goto('/login');
  await page.getByLabel('CPF/CNPJ').fill(cpf);
  // live once hydrated (the sign-in button enabled): only then does the link hand the document over
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeEnabled();
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();

  await expect(page).toHaveURL(/\/esqueceu-senha$/);
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(/\d{3}\.\d{3}\.\d{3}-\d{2}/);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Prosseguir' }).click();

  await expect(page).toHaveURL(/\/recuperar-senha$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeVisible();
  await expect(page.getByText(/E-mail enviado para .*\*/)).toBeVisible();
  await expect(page.getByText(/SMS enviado para/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNothingPersonalStored(page);

  await page.getByRole('button', { name: 'Enviar novamente' }).click();
  await expect(page.getByText('Enviamos novamente a senha temporária.')).toBeVisible();
  const sent = await outboxOf(cpf);
  const recoveryMails = sent.filter((m) => m.canal === 'email' && m.assunto === 'Recuperação de senha');
  expect(recoveryMails).toHaveLength(2);
  const latest = recoveryMails.at(-1)?.texto ?? '';
  const temporary = latest.match(/senha provisória é (\S+)\./)?.[1] ?? '';
  const link = latest.match(/(\/nova-senha-pb\?\S+)/)?.[1] ?? '';

  // 'Ir para login' carries the document; the temporary password opens the account.
  await page
    .getByRole('button', { name: 'Ir para login' })
    .or(page.getByRole('link', { name: 'Ir para login' }))
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWith(page, cpf, temporary);

  // The e-mail's link sets a password of the user's choice (signed out: the page is for visitors).
  await page.context().clearCookies({ name: 'sid' });
  await page.goto(link);
  await expect(page).toHaveURL(/\/nova-senha-pb$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('NovaSenha2026');
  await page.getByLabel('Confirmar senha', { exact: true }).fill('OutraSenha2026');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('As senhas devem ser iguais')).toBeVisible();
  await page.getByLabel('Confirmar senha', { exact: true }).fill('NovaSenha2026');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const done = page.getByRole('dialog', { name: 'Senha alterada com sucesso' });
  await expect(done).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await done.getByRole('button', { name: 'Ir para login' }).click();
  await page.getByLabel('CPF/CNPJ').fill(cpf);
  await signInWith(page, cpf, 'NovaSenha2026');
});

test('the back arrows of the recovery pages carry the document', async ({ page }) => {
  const cpf = await registeredVisitor();
  await page.goto(`/esqueceu-senha?cpfCnpj=${cpf}`);
  await expect(page.getByLabel('CPF/CNPJ')).not.toHaveValue('');
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('CPF/CNPJ')).not.toHaveValue('');
});
