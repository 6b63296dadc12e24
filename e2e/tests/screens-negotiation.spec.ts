import type { Page } from '@playwright/test';
import {
  agreementsOf,
  expect,
  expectNoSeriousA11yViolations,
  expectNothingPersonalStored,
  freshCpf,
  outboxOf,
  PASSWORD,
  type PersonaCopy,
  signInAs,
  signInAsCopyOf,
  stubPost,
  test,
} from './fixtures';

/** Roberto (simulator persona): a proposal dated on a day without banking, and overdue-only offers with nothing upcoming. */
async function signInAsRoberto(page: Page): Promise<PersonaCopy> {
  const copy = await stubPost<PersonaCopy>('/__stub/personas', { like: 'roberto' });
  await signInAs(page, copy.cpfCnpj);
  return copy;
}

const brDate = (iso: string) => iso.split('-').reverse().join('/');
const isoDate = (br: string) => br.split('/').reverse().join('-');

test('a proposal dated on a day without banking is paid on the first day offered, the day shown', async ({
  page,
}) => {
  const roberto = await signInAsRoberto(page);
  await page.getByRole('button', { name: 'Ver mais: Moda Aurora' }).click();
  await expect(page).toHaveURL(/\/negociacao\?credor=1003&contrato=5130927746&/);
  const ownDay = ((await page.getByText(/^Vencimento em /).textContent()) ?? '').replace(
    'Vencimento em ',
    '',
  );

  await page.getByRole('button', { name: 'Negociar' }).click();
  const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
  const date = payment.getByLabel('Data de pagamento');
  // the dialog's code loads on demand: its fields are there once it shows
  await expect(date).toBeVisible();
  const options = await date
    .locator('option')
    .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
  // The upstream dated the proposal on a day without banking; the BFF dates it on the first day offered.
  const first = options[0] ?? '';
  expect(isoDate(ownDay)).toBe(first);
  await expect(date).toHaveValue(first);
  await expect(payment.getByText(/^Valor: R\$/)).toBeVisible();
  await expect(payment.getByText('Muito bem! Aguarde enquanto buscamos a sua proposta.')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await payment.getByText('Boleto').click();
  await payment.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(/\/resumo$/);
  const details = page.getByRole('region', { name: 'Detalhes da negociação' });
  await expect(details).toContainText(`Vencimento${brDate(first)}`);

  // The instalment details of the summary's operations.
  const operations = page.getByRole('region', { name: 'Parcelas do contrato 51***746' });
  const open = operations.getByRole('button', { name: 'Detalhes da parcela 4' });
  await open.click();
  const instalment = page.getByRole('dialog', { name: 'Detalhes da parcela' });
  await expect(instalment).toHaveAttribute('data-modal', 'modalDetalhesParcela');
  await expect(instalment.getByRole('term')).toHaveText([
    'Contrato',
    'Parcela',
    'Vencimento',
    'Valor a pagar',
  ]);
  await expect(instalment.getByRole('definition').nth(0)).toHaveText('51***746');
  await expect(instalment.getByRole('definition').nth(1)).toHaveText('4');
  await expect(instalment.getByRole('definition').nth(3)).toHaveText(/^R\$\s[\d.]+,\d\d$/);
  await expectNoSeriousA11yViolations(page);
  await instalment.getByRole('button', { name: 'Fechar' }).click();
  await expect(open).toBeFocused();

  await page.getByRole('button', { name: 'Concluir acordo' }).click();
  await expect(page).toHaveURL(/\/acordo-concluido$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Parabéns, acordo concluído com sucesso!' }),
  ).toBeVisible();
  const [agreement] = await agreementsOf(roberto.cpfCnpj);
  expect(agreement?.instalments[0]?.due).toBe(first);
});

test('/propostas leaves out the overdue-only offers when nothing is upcoming, and shows them when something is', async ({
  page,
}) => {
  await signInAsRoberto(page);
  await page.getByRole('button', { name: 'Ver mais: Móveis Jequitibá' }).click();
  await page.getByRole('link', { name: 'Ver propostas' }).click();
  await expect(page).toHaveURL(/\/propostas\?credor=1005&contrato=7702148&/);
  const total = page.getByRole('region', {
    name: '*Proposta para quitação de todas as parcelas (parcelas em atraso + a vencer).',
  });
  await expect(total.getByRole('button').first()).toBeVisible();
  await expect(page.getByRole('region', { name: '*Somente parcelas em atraso.' })).toHaveCount(0);
  await expect(page.getByText('*Somente parcelas em atraso.')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Maria's contract has upcoming instalments: there the overdue-only offers show.
  await page.context().clearCookies({ name: 'sid' });
  await signInAsCopyOf(page, 'maria');
  await page.getByRole('button', { name: 'Ver mais: Lojas Horizonte' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ver contrato 72***455' }).click();
  await page.getByRole('link', { name: 'Ver propostas' }).click();
  await expect(page.getByRole('region', { name: '*Somente parcelas em atraso.' })).toBeVisible();
});

test('a registration whose automatic sign-in fails says so and leads to the login', async ({ page }) => {
  const cpf = freshCpf();
  // The simulator refuses the sign-in that follows the registration.
  await stubPost('/__stub/logins/refuse-next', { cpfCnpj: cpf });
  await page.goto('/');
  await page.getByLabel('CPF/CNPJ').fill(cpf);
  await page.getByRole('button', { name: 'Consultar grátis' }).click();
  await expect(page).toHaveURL(/\/cadastro$/);
  await page.getByLabel('Nome Completo').fill('Visitante Sem Sessão Lima');
  await page.getByLabel('E-mail').fill(`sem.sessao.${cpf}@example.com`);
  await page.getByLabel('Celular').fill(`119${cpf.slice(0, 8)}`);
  await page.getByRole('button', { name: 'Finalizar cadastro' }).click();
  const terms = page.getByRole('dialog', { name: /Para entrar, leia e aceite/ });
  await terms.getByLabel('Declaro que li e aceito os Termos de Uso e a Política de Privacidade').check();
  await terms.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/politica-cadastro$/);
  const declaro = page.getByRole('checkbox', {
    name: 'Declaro que li e aceito os Termos de Uso e a Política de Privacidade',
  });
  await declaro.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(declaro).toBeEnabled();
  await declaro.check();
  await page.getByRole('button', { name: 'Cadastrar' }).click();

  const success = page.getByRole('dialog', { name: 'Cadastro realizado com sucesso' });
  await expect(success).toHaveAttribute('data-modal', 'modalCadastroSucesso');
  await expect(page).toHaveURL(/\/politica-cadastro$/);
  await expectNoSeriousA11yViolations(page);
  await success.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(
    cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4'),
  );
  await expectNothingPersonalStored(page, [cpf]);
  const welcome = (await outboxOf(cpf)).find((m) => m.canal === 'email');
  const password = welcome?.texto.match(/senha provisória de acesso é (\S+)\./)?.[1];
  expect(password).toBeTruthy();
  expect(password).not.toBe(PASSWORD);
  await page.getByLabel('Senha', { exact: true }).fill(password ?? '');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
});
