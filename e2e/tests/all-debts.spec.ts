import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, signInAsCopyOf, test } from './fixtures';

/*
 * 'Todas as minhas dívidas', reached by clicking from Minha conta: honest labels for a prescribed and a
 * disputed debt (Rafael), and 'Cabe no meu bolso?' for a person whose budget cannot pay everything (Sandra).
 */

async function openAllDebts(page: Page) {
  await expect(page).toHaveURL(/\/minha-conta$/);
  await page.getByRole('link', { name: /^Ver todas as minhas dívidas/ }).click();
  await expect(page).toHaveURL(/\/minha-conta\/todas-as-dividas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Todas as minhas dívidas' })).toBeVisible();
}

/** A creditor's card on the page, by its heading (the logo's name). */
const creditorCard = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Seus credores' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { level: 2, name }),
    });

test('Rafael sees his prescribed and disputed debts labelled honestly, and the totals', async ({ page }) => {
  await signInAsCopyOf(page, 'rafael');
  await openAllDebts(page);

  const horizonte = creditorCard(page, 'Lojas Horizonte');
  await expect(horizonte.getByText('Contrato 58***937')).toBeVisible();
  await expect(horizonte.getByText('Dívida prescrita', { exact: true })).toBeVisible();
  await expect(
    horizonte.getByText(/Ela não pode mais ser cobrada, nem na Justiça nem fora dela/),
  ).toBeVisible();
  await expect(horizonte.getByText(/^À vista/)).toHaveCount(0);
  await expect(horizonte.getByRole('link', { name: /^Ver ofertas mesmo assim/ })).toBeVisible();

  const colibri = creditorCard(page, 'Banco Colibri');
  await expect(colibri.getByText('Em contestação', { exact: true })).toBeVisible();
  await expect(colibri.getByText(/não oferecemos acordo para ele/)).toBeVisible();
  await expect(colibri.getByRole('link')).toHaveCount(0);

  const onda = creditorCard(page, 'Onda Telecom');
  await expect(onda.getByText(/^Você deve R\$/)).toBeVisible();
  await expect(onda.getByRole('link', { name: /^Ver ofertas: Contrato/ })).toBeVisible();

  const totals = page.getByRole('definition');
  await expect(page.getByText('Contratos:')).toBeVisible();
  await expect(totals.nth(1)).toHaveText('3');
  await expect(totals.first()).toHaveText(/^R\$\s[\d.]+,\d{2}$/);
  await expect(page.getByText('Melhor à vista somado:')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('Sandra fills her budget: R$ 900,00 free a month, offers that do not fit, and the over-indebtedness route', async ({
  page,
}) => {
  await signInAsCopyOf(page, 'sandra');
  await openAllDebts(page);
  await expect(
    page.getByRole('list', { name: 'Seus credores' }).getByRole('heading', { level: 2 }),
  ).toHaveCount(5);

  const budget = page.getByRole('form', { name: 'Seu orçamento' });
  const amounts: [string, string][] = [
    ['Renda líquida mensal', '2800,00'],
    ['Moradia', '1000,00'],
    ['Alimentação', '500,00'],
    ['Transporte', '200,00'],
    ['Saúde', '100,00'],
    ['Contas (luz, água, gás, internet)', '100,00'],
  ];
  for (const [label, amount] of amounts) await budget.getByLabel(label).pressSequentially(amount);
  await expect(budget.getByLabel('Renda líquida mensal')).toHaveValue('2.800,00');
  await budget.getByRole('button', { name: 'Ver se cabe no meu bolso' }).click();

  await expect(
    page.getByText(
      /^Sobram R\$\s900,00 por mês para acordos, já reservando o mínimo existencial de R\$\s600,00\.$/,
    ),
  ).toBeVisible();
  const region = page.getByRole('region', { name: 'Suas dívidas não cabem no seu orçamento' });
  await expect(region).toBeVisible();
  await expect(region).toContainText('Lei 14.181/2021');
  await expect(region).toContainText('Defensoria Pública');
  await expect(page.getByText('Não cabe', { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Apagar meu orçamento' }).click();
  await expect(page.getByText(/^Sobram/)).toHaveCount(0);
  await expect(region).toHaveCount(0);
  await expect(page.getByText('Não cabe', { exact: true })).toHaveCount(0);
});
