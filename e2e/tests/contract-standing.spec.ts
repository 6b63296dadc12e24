import { agreementsOf, expect, expectNoSeriousA11yViolations, signInAsCopyOf, test } from './fixtures';

/*
 * A contract's standing on the path a person takes from Minha conta, not only on 'Todas as minhas dívidas':
 * Rafael's contested card debt offers nothing and can be concluded nowhere; his six-year-old store debt says
 * 'Dívida prescrita' on /negociacao and again on /resumo, its offers shown only once he asks.
 */

test('Rafael opens his contested debt from its creditor card: labelled, no offer, nothing sent', async ({
  page,
}) => {
  const rafael = await signInAsCopyOf(page, 'rafael');
  await page.getByRole('button', { name: 'Ver mais: Banco Colibri' }).click();
  await expect(page).toHaveURL(/\/negociacao\?credor=1011&contrato=5502630184&/);
  await expect(page.getByText('Em contestação', { exact: true })).toBeVisible();
  await expect(page.getByText(/Enquanto isso, não oferecemos acordo para ele\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Negociar' })).toHaveCount(0);
  await expect(page.getByText('No momento não há propostas para este contrato.')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(await agreementsOf(rafael.cpfCnpj)).toEqual([]);
});

test("Rafael's prescribed debt says so from its creditor card to /resumo, its offers only on asking", async ({
  page,
}) => {
  await signInAsCopyOf(page, 'rafael');
  await page.getByRole('button', { name: 'Ver mais: Lojas Horizonte' }).click();
  await expect(page).toHaveURL(/\/negociacao\?credor=1001&contrato=5800412937&/);
  await expect(page.getByText('Dívida prescrita', { exact: true })).toBeVisible();
  await expect(page.getByText(/Ela não pode mais ser cobrada, nem na Justiça nem fora dela/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Negociar' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Ver ofertas mesmo assim' }).click();
  await page.getByRole('button', { name: 'Negociar' }).click();
  const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
  await payment.getByText('Boleto').click();
  await payment.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(/\/resumo$/);
  const conclude = page.getByRole('button', { name: 'Concluir acordo' });
  await expect(conclude).toBeEnabled();
  const label = page.getByText('Dívida prescrita', { exact: true });
  await expect(label).toBeVisible();
  // said before the button, in reading order
  expect(
    await label.evaluate(
      (node, button) => !!(node.compareDocumentPosition(button as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
      await conclude.elementHandle(),
    ),
  ).toBe(true);
  await expectNoSeriousA11yViolations(page);
});
