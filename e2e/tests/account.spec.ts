import type { Locator } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectTrail,
  openMoreOption,
  openMoreOptions,
  PASSWORD,
  STUB_URL,
  signInAsCopyOf,
  signOut,
  test,
} from './fixtures';

async function stubGet<T>(path: string): Promise<T> {
  const response = await fetch(`${STUB_URL}${path}`);
  expect(response.ok, `${path} answered ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

test('Maria edits her profile: an invalid date is refused, then a valid save returns to her account', async ({
  page,
}) => {
  await signInAsCopyOf(page, 'maria');
  await openMoreOptions(page);
  const tiles = page.getByRole('list', { name: 'Opções da conta' });
  for (const name of [
    'Editar perfil',
    'Alterar senha',
    'FAQ',
    'Sobre',
    'Notificações',
    'Aviso de Privacidade',
  ]) {
    await expect(tiles.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  await tiles.getByRole('link', { name: /^Editar perfil/ }).click();
  await expect(page).toHaveURL(/\/mais-opcoes\/editar-perfil$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meus dados' })).toBeVisible();
  await expect(page.getByLabel('Nome Completo')).toHaveValue('Maria Aparecida da Silva');
  await expectNoSeriousA11yViolations(page);

  const date = page.getByLabel('Data de nascimento');
  await date.fill('31/02/1990');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Data inválida')).toBeVisible();
  await expect(page).toHaveURL(/\/mais-opcoes\/editar-perfil$/);

  await date.fill('20/05/1981');
  await page.getByLabel('Nome Completo').fill('Maria Aparecida Souza');
  await page.getByLabel('CEP').fill('01310100');
  await page.getByLabel('Endereço').fill('Avenida Paulista');
  await page.getByLabel('Número', { exact: true }).fill('1000');
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByLabel('UF').selectOption('SP');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('status').getByText('Seus dados foram atualizados.')).toBeVisible();
  await openMoreOption(page, 'Editar perfil');
  await expect(page.getByLabel('Data de nascimento')).toHaveValue('20/05/1981');
  await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
  await expect(page.getByLabel('Nome Completo')).toHaveValue('Maria Aparecida Souza');
});

test('a new e-mail asks for the password in a modal on the page; a wrong one is said, the typed change kept', async ({
  page,
}) => {
  const maria = await signInAsCopyOf(page, 'maria');
  await openMoreOption(page, 'Editar perfil');
  const email = page.getByLabel('E-mail');
  await expect(email).toHaveValue(maria.email);
  const newEmail = `nova.${maria.id}@example.com`;
  await email.fill(newEmail);
  const save = page.getByRole('button', { name: 'Salvar' });
  await save.click();

  const modal = page.getByRole('dialog', { name: 'Confirme sua senha' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Senha atual')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  // Escape: back on 'Salvar', the typed e-mail still there, nothing saved.
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(save).toBeFocused();
  await expect(email).toHaveValue(newEmail);

  await save.click();
  await modal.getByLabel('Senha atual').fill('Errada@2026');
  await modal.getByLabel('Senha atual').press('Enter');
  await expect(modal.getByRole('alert')).toHaveText('Senha incorreta.');
  await expect(modal.getByLabel('Senha atual')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await modal.getByLabel('Senha atual').fill(PASSWORD);
  await modal.getByRole('button', { name: 'Confirmar' }).click();

  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('status').getByText('Seus dados foram atualizados.')).toBeVisible();
  await openMoreOption(page, 'Editar perfil');
  await expect(page.getByLabel('E-mail')).toHaveValue(newEmail);
});

test('Maria changes her password after a mismatch, then signs in with the new one', async ({ page }) => {
  const maria = await signInAsCopyOf(page, 'maria');
  await openMoreOption(page, 'Alterar senha');
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar senha' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Senha atual').fill(PASSWORD);
  await page.getByLabel('Nova senha', { exact: true }).fill('Outra@senha9');
  await page.getByLabel('Confirmar nova senha').fill('Outra@senha8');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('As senhas devem ser iguais')).toBeVisible();

  // A wrong current password: the server's message in the error modal.
  await page.getByLabel('Senha atual').fill('Errada@2026');
  await page.getByLabel('Confirmar nova senha').fill('Outra@senha9');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const error = page.getByRole('alertdialog');
  await expect(error.getByText('Senha atual incorreta.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await error.getByRole('button', { name: 'Fechar' }).click();

  await page.getByLabel('Senha atual').fill(PASSWORD);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('status').getByText('Sua senha foi alterada.')).toBeVisible();

  await signOut(page);
  await page.goto('/login');
  await page.getByLabel('CPF/CNPJ').fill(maria.cpfCnpj);
  await page.getByLabel('Senha', { exact: true }).fill('Outra@senha9');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
});

test('a deleted account is signed out and can no longer sign in', async ({ page }) => {
  const copy = await signInAsCopyOf(page, 'ana');
  await openMoreOption(page, 'Editar perfil');
  await page.getByRole('button', { name: 'Deseja excluir seu cadastro? Clique aqui' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Tem certeza que deseja excluir seu cadastro?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Fechar' }).click();
  await expect(confirm).toHaveCount(0);

  // The BFF runs with no sign-in window here (playwright.config.ts): the deletion asks for the password.
  await page.getByRole('button', { name: 'Deseja excluir seu cadastro? Clique aqui' }).click();
  await confirm.getByRole('button', { name: 'Sim' }).click();
  const password = page.getByRole('dialog', { name: 'Confirme sua senha' });
  await expect(password.getByLabel('Senha atual')).toBeFocused();
  await password.getByLabel('Senha atual').fill('Errada@2026');
  await password.getByRole('button', { name: 'Confirmar' }).click();
  await expect(password.getByRole('alert')).toHaveText('Senha incorreta.');
  await expect(page).toHaveURL(/\/mais-opcoes\/editar-perfil$/);
  await password.getByLabel('Senha atual').fill(PASSWORD);
  await password.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL(/\/$/);
  // the start page says it first, and once
  const word = page.getByRole('status').filter({ hasText: 'Seu cadastro foi excluído.' });
  await expect(word).toHaveText(
    'Seu cadastro foi excluído. Acordos já feitos continuam valendo com cada credor.',
  );
  await expect(word).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  // Nothing to come back to: a private page now leads to the start page.
  await page.goto('/minha-conta');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Seu cadastro foi excluído.')).toHaveCount(0);

  await page.goto('/login');
  await page.getByLabel('CPF/CNPJ').fill(copy.cpfCnpj);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(
    page.getByText('Usuário ou senha incorretos. Verifique os dados, caps lock, e tente novamente.'),
  ).toBeVisible();
});

test('the credit score shows for a person, with its details, and not for a company', async ({ page }) => {
  await signInAsCopyOf(page, 'maria');
  const card = page.getByRole('region', { name: 'Seu score de crédito' });
  await expect(card.getByText('612')).toBeVisible();
  await expect(card.getByText('Faixa: Bom')).toBeVisible();
  await card.getByRole('button', { name: 'Entenda seu score' }).click();
  const details = page.getByRole('dialog', { name: 'Como funciona o score' });
  await expect(details).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await details.getByRole('button', { name: 'Entendi' }).click();
  await signOut(page);

  await signInAsCopyOf(page, 'comercio');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Seu score de crédito' })).toHaveCount(0);
});

test('the rating from More options reaches the upstream; notifications can be turned off', async ({
  page,
}) => {
  const maria = await signInAsCopyOf(page, 'maria');
  await openMoreOptions(page);
  await page.getByRole('button', { name: /^Avaliar o portal/ }).click();
  const modal = page.getByRole('dialog', { name: 'Avalie o portal' });
  await expect(modal.getByRole('button', { name: 'Concluir' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await modal.getByRole('radio', { name: '9', exact: true }).check();
  await modal.getByLabel('Comentário (opcional)').fill('Foi rápido e fácil.');
  await expect(modal.getByText('19/500 caracteres')).toBeVisible();
  await modal.getByRole('button', { name: 'Concluir' }).click();
  const thanks = page.getByRole('dialog', { name: 'Obrigado pela sua avaliação!' });
  await expect(thanks).toBeVisible();
  await thanks.getByRole('button').first().click();
  const ratings = await stubGet<{ nota: number; comentario: string }[]>(
    `/__stub/avaliacoes?clienteId=${maria.id}`,
  );
  expect(ratings).toEqual([expect.objectContaining({ nota: 9, comentario: 'Foi rápido e fácil.' })]);

  await page.getByRole('link', { name: /^Notificações/ }).click();
  const consent = page.getByLabel('Aceito receber notificações de promoções e ofertas.');
  await expect(consent).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await consent.uncheck();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('status').getByText(/não/i)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Aceito receber notificações de promoções e ofertas.')).not.toBeChecked();
});

test('FAQ, About and the privacy notice under More options, with their way back', async ({ page }) => {
  await signInAsCopyOf(page, 'joao');
  for (const [tile, heading] of [
    ['FAQ', 'Perguntas frequentes'],
    ['Sobre', 'Sobre'],
    ['Aviso de Privacidade', 'Aviso de Privacidade'],
  ] as const) {
    await openMoreOptions(page);
    await page
      .getByRole('list', { name: 'Opções da conta' })
      .getByRole('link', { name: new RegExp(`^${tile}`) })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Mais opções' }).click();
    await expect(page).toHaveURL(/\/mais-opcoes$/);
  }
});

test("a signed-in visit's trail reaches the upstream with each page's stage, after its session record", async ({
  page,
}) => {
  const copy = await signInAsCopyOf(page, 'maria');
  await openMoreOptions(page);
  await page.getByRole('link', { name: /^FAQ/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeVisible();

  await expectTrail(copy.id, ['gravarSessao', 'minha-conta 2/8', 'mais-opcoes 2/11', 'faq 2/14']);
});

/** Selects the field's text, erases it and types `text` key by key. */
async function retype(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text);
}

test("'Celular' in Meus dados takes a mobile only, as every other 'Celular' and the SMS modal do", async ({
  page,
}) => {
  await signInAsCopyOf(page, 'maria');
  await openMoreOption(page, 'Editar perfil');
  const phone = page.getByLabel('Celular');
  // the profile has come (its mobile filled in); the number is typed over as a person does: select, erase, type
  await expect(phone).toHaveValue(/^\(\d\d\) 9\d{4}-\d{4}$/);
  await retype(phone, '1133334444');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page.getByText('Número de celular inválido')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/mais-opcoes\/editar-perfil$/);

  await retype(phone, '11987650123');
  await expect(phone).toHaveValue('(11) 98765-0123');
  await expect(page.getByText('Número de celular inválido')).toHaveCount(0);
});

test('a company is greeted by its name, a person by the first name', async ({ page }) => {
  await signInAsCopyOf(page, 'comercio');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Olá, Comércio Exemplo Ltda\.?$/);
  await signOut(page);

  await signInAsCopyOf(page, 'novaEra');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Olá, Nova Era Tecnologia Ltda\.?$/);
  await signOut(page);

  await signInAsCopyOf(page, 'maria');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Olá, Maria\.?$/);
});
