import { readFile } from 'node:fs/promises';
import {
  agreementsOf,
  expect,
  expectNoSeriousA11yViolations,
  expectNothingPersonalStored,
  expectTrail,
  outboxOf,
  signIn,
  signInAsCopyOf,
  test,
} from './fixtures';

/** A boleto's linha digitável as the concluded page shows it: 47 digits in five groups. */
const LINHA_DIGITAVEL = /\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/;

test('Maria pays a contract upfront by boleto and gets her boleto, exactly once', async ({ page }) => {
  const maria = await signInAsCopyOf(page, 'maria');
  // Onda Telecom: one contract (straight on) whose small debt has one proposal, the upfront one.
  await page.getByRole('button', { name: 'Ver mais: Onda Telecom' }).click();
  await expect(page).toHaveURL(/\/negociacao\?credor=1008&contrato=30118845720&/);
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Maria' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'À vista' })).toBeVisible();
  await expect(page.getByText('Parcelas em atraso', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Parcele em até/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Negociar' }).click();
  const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
  await expect(payment.getByText(/^Valor: R\$/)).toBeVisible();
  await expect(payment.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await payment.getByText('Boleto').click();
  await payment.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(/\/resumo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resumo do acordo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contrato 30***720' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Envio de acordo' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByPlaceholder('Digite seu email').fill(maria.email);
  await page.getByPlaceholder('Digite seu celular').fill(maria.telefone);
  // A double click must not make two agreements.
  await page.getByRole('button', { name: 'Concluir acordo' }).dblclick();

  await expect(page).toHaveURL(/\/acordo-concluido$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Parabéns, acordo concluído com sucesso!' }),
  ).toBeVisible();
  await expect(page.getByText('O boleto foi enviado para os canais cadastrados.')).toBeVisible();
  await expect(page.getByText(LINHA_DIGITAVEL)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar boleto' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('30118845720_1.pdf');
  expect((await readFile((await file.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('button', { name: 'Enviar por e-mail' }).click();
  const send = page.getByRole('dialog', { name: 'Digite seu e-mail' });
  await expectNoSeriousA11yViolations(page);
  await send.getByLabel('E-mail').fill('outro.endereco@example.com');
  await send.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Suas informações foram enviadas com sucesso.' }),
  ).toBeVisible();

  const ledger = await agreementsOf(maria.cpfCnpj);
  expect(ledger).toHaveLength(1);
  expect(ledger[0]).toMatchObject({
    codcredor: '1008',
    contrato: '30118845720',
    modo: '1',
    formapagamento: 1,
    canalrecebimento: 'email;sms',
    destinorecebimento: `${maria.email};${maria.telefone}`,
  });
  const sent = await outboxOf(maria.cpfCnpj);
  expect(sent.filter((m) => m.assunto === 'Boleto do seu acordo').map((m) => m.destino)).toEqual([
    maria.email,
    maria.telefone,
    'outro.endereco@example.com',
  ]);
  await expectNothingPersonalStored(page, [maria.cpfCnpj, maria.email, maria.telefone]);

  // The trail holds the journey's screens, then its agreement and the boleto sent, after the session record.
  await expectTrail(maria.id, [
    'gravarSessao',
    'minha-conta 2/8',
    'detalhes-contrato 2/9',
    'contrato-escolhido 3/18',
    'negociacao 3/19',
    'resumo 4/21',
    'gravarTrilhaAcordo',
    'acordo-concluido 5/22',
    'gravarTrilhaBoleto',
  ]);

  // The summary is spent: going back to it leads to Minha conta.
  await page.goto('/resumo');
  await expect(page).toHaveURL(/\/minha-conta$/);
  expect(await agreementsOf(maria.cpfCnpj)).toHaveLength(1);
});

test('Maria chooses an instalment plan on /propostas and pays the entry by PIX', async ({ page }) => {
  const maria = await signInAsCopyOf(page, 'maria');
  await page.getByRole('button', { name: 'Ver mais: Lojas Horizonte' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ver contrato 72***455' }).click();
  await expect(page.getByRole('heading', { name: /Parcele em até:/ })).toBeVisible();
  await page.getByRole('link', { name: 'Ver propostas' }).click();

  await expect(page).toHaveURL(/\/propostas\?credor=1001&contrato=7201938455&/);
  const date = page.getByLabel('Data de pagamento:');
  const first = await date.inputValue();
  const options = await date
    .locator('option')
    .evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
  expect(options[0]).toBe('');
  const later = options.at(-1) ?? '';
  await date.selectOption(later);
  await expect(date).toHaveValue(later);
  expect(later > first).toBe(true);
  await expect(page.getByRole('region', { name: '*Somente parcelas em atraso.' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByText('PIX', { exact: true }).click();
  const total = page.getByRole('region', { name: /quitação de todas as parcelas/ });
  await total.getByRole('button', { name: /^Entrada: .* 2x / }).click();

  await expect(page).toHaveURL(/\/resumo$/);
  const details = page.getByRole('region', { name: 'Detalhes da negociação' });
  await expect(details).toContainText('PIX');
  await expect(details).toContainText('Demais parcelas2x de R$');
  await expect(page.getByRole('heading', { name: 'Envio de acordo' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Concluir acordo' }).click();

  await expect(page).toHaveURL(/\/acordo-concluido$/);
  await expect(page.getByText('Use o QR Code do PIX abaixo para pagamento do seu acordo:')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  await expect(page.getByLabel('PIX Copia e Cola')).toHaveValue(/^000201/);
  await expect(page.getByRole('button', { name: /Enviar por SMS/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const [agreement] = await agreementsOf(maria.cpfCnpj);
  expect(agreement).toMatchObject({
    codcredor: '1001',
    contrato: '7201938455',
    modo: '1',
    formapagamento: 4,
  });
  expect(agreement?.idproposta).toMatch(/-T-AP2-/);
});

test("Maria's instalments at a creditor that wants them in order", async ({ page }) => {
  const maria = await signInAsCopyOf(page, 'maria');
  await page.getByRole('button', { name: 'Ver mais: Ipê Eletro' }).click();
  await expect(page).toHaveURL(/parcelasIndividuaisSequenciais=true/);
  const block = page.getByRole('region', { name: 'Escolha as parcelas' });
  await expect(block).toContainText('selecione primeiro as de vencimento mais antigo');
  const overdue = block.getByRole('checkbox', { name: /Contrato/ });
  await expect(overdue).toHaveCount(4);
  await expect(overdue.nth(0)).toBeEnabled();
  await expect(overdue.nth(1)).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await overdue.nth(0).check();
  await expect(overdue.nth(1)).toBeEnabled();
  await expect(overdue.nth(2)).toBeDisabled();
  await overdue.nth(1).check();
  await expect(page.getByText(/^Total/)).toBeVisible();

  // Unchecking the first clears and locks the second again.
  await overdue.nth(0).uncheck();
  await expect(overdue.nth(1)).not.toBeChecked();
  await expect(overdue.nth(1)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Continuar' })).toHaveCount(0);

  // The upcoming group's select-all waits for every overdue instalment.
  await page.getByRole('button', { name: 'Parcelas a vencer (3)' }).click();
  await expect(block.getByRole('checkbox', { name: /Selecionar todas/ })).toHaveCount(1);
  await block.getByRole('checkbox', { name: 'Selecionar todas as parcelas em atraso' }).check();
  await expect(block.getByRole('checkbox', { name: /Selecionar todas/ })).toHaveCount(2);
  await block.getByRole('checkbox', { name: 'Selecionar todas as parcelas em atraso' }).uncheck();
  await overdue.nth(0).check();
  await overdue.nth(1).check();

  await page.getByRole('button', { name: 'Continuar' }).click();
  const warning = page.getByRole('dialog', { name: 'Atenção' });
  await expect(warning).toContainText('Cada parcela selecionada gera o seu próprio boleto');
  await warning.getByRole('button', { name: 'Entendi' }).click();
  const dates = page.getByRole('dialog', { name: 'Pagamento das parcelas' });
  await expect(dates.getByRole('radio', { name: 'Boleto' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await dates.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(/\/resumo$/);
  await expect(
    page.getByRole('region', { name: 'Parcelas do contrato 45***093' }).getByRole('row'),
  ).toHaveCount(3);
  await page.getByRole('button', { name: 'Concluir acordo' }).click();
  await expect(page).toHaveURL(/\/acordo-concluido$/);
  await expect(page.getByText(LINHA_DIGITAVEL)).toHaveCount(2);

  const [agreement] = await agreementsOf(maria.cpfCnpj);
  expect(agreement).toMatchObject({ codcredor: '1002', modo: '2', idproposta: '4587120093-6;4587120093-7' });
});

test('Ana generates the payment of the open instalment of her agreement', async ({ page }) => {
  await signInAsCopyOf(page, 'ana');
  await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
  await expect(page).toHaveURL(/\/acordos\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Acordos em andamento' })).toBeVisible();
  await expect(page.getByText(/^Pago em \d{2}\/\d{2}\/\d{4}$/)).toHaveCount(3);
  await expect(page.getByRole('button', { name: /Gerar pagamento/ }).nth(1)).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  await page
    .getByRole('button', { name: /Gerar pagamento/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/reemissao-concluida$/);
  await expect(page.getByText(LINHA_DIGITAVEL)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Ir para Minha Conta' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
});

test("Carlos's agreement fails upstream and he is told who will call him", async ({ page }) => {
  await signInAsCopyOf(page, 'carlos');
  await page.getByRole('button', { name: 'Ver mais: Energia Serra Azul' }).click();
  await page.getByRole('button', { name: 'Negociar' }).click();
  const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
  await payment.getByText('PIX').click();
  await payment.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Concluir acordo' }).click();

  await expect(page).toHaveURL(/\/erro-efetivacao$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Encontramos um problema!' })).toBeVisible();
  await expect(
    page.getByText('Desculpe, encontramos um problema na efetivação do seu acordo.'),
  ).toBeVisible();
  await expect(page.getByText(/24 horas úteis/)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /0800 000 3634/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("Paulo's negotiation ends with the timeout message and a way back", async ({ page }) => {
  await signIn(page, 'paulo');
  // A deep link (as from a bookmark): Paulo's silent upstream never lists his debts, so no card leads here.
  await page.goto(
    '/negociacao?credor=1012&contrato=20230871&chamarProposta=true&chamarDivida=true&parcelasIndividuaisSequenciais=false',
  );
  await expect(page.getByText('Buscando dados...')).toBeVisible();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Erro de timeout', { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
  await alert.getByRole('button', { name: 'Voltar para minha conta' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
});

test('Nova Era (alphanumeric CNPJ) concludes an agreement paid by card on the creditor site', async ({
  page,
}) => {
  const novaEra = await signInAsCopyOf(page, 'novaEra');
  await page.getByRole('button', { name: 'Ver mais: Banco Colibri' }).click();
  await page.getByRole('button', { name: 'Negociar' }).click();
  const upcoming = page.getByRole('dialog', { name: 'Parcelas a vencer' });
  await expect(upcoming).toContainText('2 parcelas a vencer');
  await expectNoSeriousA11yViolations(page);
  await upcoming.getByRole('button', { name: 'Não' }).click();
  const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
  await payment.getByText('Cartão de crédito').click();
  await payment.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(/\/resumo$/);
  await page.getByRole('button', { name: 'Realizar pagamento' }).click();
  await expect(page).toHaveURL(/\/acordo-concluido$/);
  const pay = page.getByRole('link', { name: /Pagar com cartão/ });
  await expect(pay).toHaveAttribute('href', /\/pagamento\/cartao\//);
  await expectNoSeriousA11yViolations(page);
  const [agreement] = await agreementsOf(novaEra.cpfCnpj);
  expect(agreement).toMatchObject({ codcredor: '1011', formapagamento: 2 });
  expect(novaEra.cpfCnpj).toMatch(/[A-Z]/);
});
