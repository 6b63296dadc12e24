import {
  agreementsOf,
  expect,
  expectNoSeriousA11yViolations,
  STUB_URL,
  signInAsCopyOf,
  stubPost,
  test,
} from './fixtures';

test('an agreement whose reply is lost is shown as processing, then found on /acordos: sent once', async ({
  page,
}) => {
  const maria = await signInAsCopyOf(page, 'maria');
  await page.getByRole('button', { name: 'Ver mais: Onda Telecom' }).click();
  await page.getByRole('button', { name: 'Negociar' }).click();
  const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
  await payment.getByText('PIX').click();
  await payment.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/resumo$/);

  // The upstream makes the agreement, and its reply never arrives.
  await stubPost('/__stub/agreements/lose-next-reply', { cpfCnpj: maria.cpfCnpj });
  await page.getByRole('button', { name: 'Concluir acordo' }).click();
  await expect(page.getByText('Seu acordo está sendo processado.', { exact: false })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByRole('button', { name: 'Concluir acordo' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Past the upstream's deadline the page learns the agreement exists, and shows it.
  await expect(page).toHaveURL(/\/acordos\?credor=1008&contrato=30118845720&/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Acordos em andamento' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Gerar pagamento/ }).first()).toBeEnabled();
  await expectNoSeriousA11yViolations(page);

  // Counted at the simulator: one message, one agreement.
  expect(await agreementsOf(maria.cpfCnpj)).toHaveLength(1);
  const sent = (await (
    await fetch(`${STUB_URL}/__stub/agreements/requests?cpfCnpj=${maria.cpfCnpj}`)
  ).json()) as unknown[];
  expect(sent).toHaveLength(1);
});
