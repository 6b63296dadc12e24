import {
  checkAnasSettlement,
  expect,
  expectNoSeriousA11yViolations,
  signInAsCopyOf,
  stubPost,
  test,
  todayInBrasilia,
} from './fixtures';

test('a payment the creditor confirms shows its day; a name kept negative past the legal deadline says what to do', async ({
  page,
}) => {
  const ana = await signInAsCopyOf(page, 'ana');
  // Ana pays instalment 4 by PIX: it confirms at once (the simulator's payment knob)
  await stubPost('/__stub/payments', {
    cpfCnpj: ana.cpfCnpj,
    contrato: '6011452873',
    parcela: 4,
    metodo: 'pix',
  });

  await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
  await expect(page).toHaveURL(/\/acordos\?/);
  const instalments = page.getByRole('list', { name: 'Parcelas do acordo' });
  await expect(instalments.getByText(`Pago em ${todayInBrasilia()}`)).toHaveCount(1);
  await expect(instalments.getByText(/^Pago em /)).toHaveCount(4);
  // her first instalment was paid months ago, and the creditor lifted the record since
  await expect(page.getByRole('region', { name: 'Prazo para limpar seu nome' })).toContainText(
    'Cartão Sol Nascente já retirou a negativação deste contrato.',
  );

  // the creditor keeps the record past the deadline
  await stubPost('/__stub/negative-records/keep', { cpfCnpj: ana.cpfCnpj, contrato: '6011452873' });
  await page.reload();
  const late = page.getByRole('region', { name: 'Seu nome continua negativado' });
  await expect(late).toContainText('ainda informa seu nome como negativado');
  await expect(late.getByRole('link', { name: '0800 000 3634' })).toHaveAttribute('href', 'tel:08000003634');
  await expect(late.getByRole('link', { name: /consumidor\.gov\.br/ })).toHaveAttribute(
    'href',
    'https://www.consumidor.gov.br',
  );
  await expect(late.getByLabel('Dados para a reclamação')).toHaveValue(/Contrato: 6011452873/);
  await expectNoSeriousA11yViolations(page);
});

test('an agreement paid in full gives a declaration of settlement whose code anyone can check', async ({
  page,
}) => {
  const ana = await signInAsCopyOf(page, 'ana');
  for (const parcela of [4, 5, 6])
    await stubPost('/__stub/payments', {
      cpfCnpj: ana.cpfCnpj,
      contrato: '6011452873',
      parcela,
      metodo: 'pix',
    });

  await checkAnasSettlement(page);
});
