import { expect, expectNoSeriousA11yViolations, expectNothingPersonalStored, signIn, test } from './fixtures';

test("Maria sees a creditor's contracts and opens one into the negotiation", async ({ page }) => {
  await signIn(page, 'maria');
  await page.getByRole('button', { name: 'Ver mais: Lojas Horizonte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lojas Horizonte' });
  await expect(dialog.getByText('Contrato 72***455')).toBeVisible();
  await expect(dialog.getByText('Contrato 883104')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Ver contrato 883104' }).click();
  await expect(page).toHaveURL(/\/negociacao\?credor=1001&contrato=883104&/);
  const query = new URL(page.url()).searchParams;
  expect(query.get('parcelasIndividuaisSequenciais')).toBe('false');
  expect(query.get('chamarProposta')).toBe('true');
  await expectNothingPersonalStored(page);
});

test('Ana goes straight from her one contract to the agreement in progress', async ({ page }) => {
  await signIn(page, 'ana');
  await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
  await expect(page).toHaveURL(/\/acordos\?credor=1006&contrato=6011452873&.*chamarAcordo=true$/);
});
