import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { pdfTexts } from '@portal/test-kit/pdf-text';
import { readBoleto } from '@portal/validation/boleto';
import { todayInBrazil } from '@portal/validation/dates';
import { formatBrDate } from '@portal/validation/iso-date';
import { formatMoney } from '@portal/validation/money';
import {
  agreementsOf,
  expect,
  expectNoSeriousA11yViolations,
  expectNothingPersonalStored,
  outboxOf,
  signInAsCopyOf,
  test,
} from './fixtures';

/** A boleto's linha digitável as the concluded page shows it: 47 digits in five groups. */
const LINHA_DIGITAVEL = /\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/;

/** Maria's Onda Telecom contract paid upfront by boleto, to the concluded page. */
async function concludeByBoleto(page: Page) {
  await page.getByRole('button', { name: 'Ver mais: Onda Telecom' }).click();
  await page.getByRole('button', { name: 'Negociar' }).click();
  const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
  await payment.getByText('Boleto').click();
  await payment.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/resumo$/);
  await page.getByRole('button', { name: 'Concluir acordo' }).click();
  await expect(page).toHaveURL(/\/acordo-concluido$/);
  await expect(page.getByText(LINHA_DIGITAVEL)).toBeVisible();
}

test('the boleto goes out from "Compartilhar": five ways, WhatsApp with only the payment', async ({
  page,
  context,
}) => {
  const maria = await signInAsCopyOf(page, 'maria');
  // No internet here: WhatsApp's page is stood in for.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  );
  await concludeByBoleto(page);
  const line = (await page.getByText(LINHA_DIGITAVEL).textContent()) ?? '';
  // how much and until when, as the boleto itself encodes them
  const boleto = readBoleto(line, todayInBrazil());
  const due = page.locator('dl').filter({ hasText: 'Valor a pagar' }).getByRole('definition');
  await expect(due.first()).toHaveText(formatMoney(boleto?.amountCents ?? 0));
  await expect(due.nth(1)).toHaveText(formatBrDate(boleto?.dueDate ?? ''));

  const share = page.getByRole('button', { name: 'Compartilhar' });
  await share.click();
  const delivery = page.getByRole('dialog', { name: 'Selecione a forma de envio do boleto' });
  await expect(delivery).toHaveAttribute('data-modal', 'modalFormasEnvio');
  await expect(delivery.getByRole('listitem')).toHaveText([
    'Baixar boleto',
    'Copiar código',
    'Enviar por e-mail',
    'Enviar por SMS',
    'Enviar por WhatsApp (abre em nova aba)',
  ]);
  await expectNoSeriousA11yViolations(page);

  // WhatsApp: a plain link (no script) to wa.me with the code, the amount and the due date.
  const whatsapp = delivery.getByRole('link', { name: 'Enviar por WhatsApp (abre em nova aba)' });
  await expect(whatsapp).toHaveAttribute('target', '_blank');
  await expect(whatsapp).toHaveAttribute('rel', /noopener/);
  const href = (await whatsapp.getAttribute('href')) ?? '';
  const text = new URL(href).searchParams.get('text') ?? '';
  expect(href.startsWith('https://wa.me/?text=')).toBe(true);
  expect(text).toContain(`Linha digitável: ${line}`);
  expect(text).toMatch(/Valor: R\$\s[\d.]+,\d\d/);
  expect(text).toMatch(/Vencimento: \d\d\/\d\d\/\d{4}/);
  for (const personal of [maria.cpfCnpj, maria.email, maria.telefone, 'Maria', 'Onda', '30118845720']) {
    expect(text).not.toContain(personal);
  }
  const popup = page.waitForEvent('popup');
  await whatsapp.click();
  expect((await popup).url()).toBe(href);
  await expect(delivery).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'O WhatsApp foi aberto em uma nova aba' }),
  ).toBeVisible();

  // SMS from the modal: its own modal, then the page's done mark.
  await share.click();
  await delivery.getByRole('button', { name: 'Enviar por SMS' }).click();
  const sms = page.getByRole('dialog', { name: 'Digite seu número' });
  await sms.getByLabel('Número de celular').fill(maria.telefone);
  await sms.getByRole('button', { name: 'Enviar' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Suas informações foram enviadas com sucesso.' }),
  ).toBeVisible();
  const sent = await outboxOf(maria.cpfCnpj);
  expect(sent.filter((m) => m.canal === 'sms').map((m) => m.destino)).toContain(maria.telefone);
  await expectNothingPersonalStored(page, [maria.cpfCnpj, maria.email, maria.telefone]);
});

test('a card agreement pays on the page its payment line names, and downloads its agreement letter', async ({
  page,
}) => {
  const maria = await signInAsCopyOf(page, 'maria');
  await page.getByRole('button', { name: 'Ver mais: Lojas Horizonte' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ver contrato 883104' }).click();
  await page.getByRole('button', { name: 'Negociar' }).click();
  await page.getByRole('dialog', { name: 'Parcelas a vencer' }).getByRole('button', { name: 'Não' }).click();
  const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
  await payment.getByText('Cartão de crédito').click();
  await payment.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Realizar pagamento' }).click();
  await expect(page).toHaveURL(/\/acordo-concluido$/);

  const [agreement] = await agreementsOf(maria.cpfCnpj);
  expect(agreement).toMatchObject({ contrato: '883104', formapagamento: 2 });
  await expect(page.getByRole('link', { name: /Pagar com cartão/ })).toHaveAttribute(
    'href',
    /^http:\/\/127\.0\.0\.1:\d+\/pagamento\/cartao\/[A-Za-z0-9_-]+$/,
  );
  await expect(page.getByRole('button', { name: 'Baixar boleto' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar carta do acordo' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('883104_carta-acordo.pdf');
  const bytes = await readFile((await file.path()) ?? '');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = (await pdfTexts(new Uint8Array(bytes))).join('\n');
  expect(text).toContain(agreement?.nossonumero ?? '?');
  expect(text).toContain('883104');
  expect(text).toContain('Lojas Horizonte');
  await expect(page.getByRole('status').filter({ hasText: 'A carta do acordo foi baixada.' })).toBeVisible();

  // The letter is this session's: another browser gets 404.
  expect(file.url()).toMatch(/\/api\/cartas\/[A-Za-z0-9_-]+\.pdf$/);
  const stranger = await page.context().browser()?.newContext();
  const foreign = await stranger?.request.get(file.url());
  expect(foreign?.status()).toBe(404);
  await stranger?.close();

  await page.getByRole('button', { name: 'Compartilhar' }).click();
  const delivery = page.getByRole('dialog', { name: 'Receba o link de pagamento' });
  // Done on the page, done in the modal too.
  await expect(delivery.getByRole('listitem')).toHaveText([
    'Baixar carta do acordoBaixado',
    'Enviar por e-mail',
    'Enviar por WhatsApp (abre em nova aba)',
  ]);
  await expectNoSeriousA11yViolations(page);
});

test("Ana sees an instalment's details on /acordos, by keyboard too", async ({ page }) => {
  await signInAsCopyOf(page, 'ana');
  await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acordos em andamento' })).toBeVisible();
  const open = page.getByRole('button', { name: 'Ver detalhes da parcela 4' });
  const row = page.getByRole('listitem').filter({ has: open });
  const due = (await row.getByRole('definition').first().textContent()) ?? '';
  const value = (await row.getByRole('definition').nth(1).textContent()) ?? '';

  await open.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Detalhes da parcela' });
  await expect(details).toHaveAttribute('data-modal', 'modalDetalhesParcela');
  await expect(details.getByRole('term')).toHaveText(['Contrato', 'Parcela', 'Vencimento', 'Valor a pagar']);
  await expect(details.getByRole('definition')).toHaveText(['60***873', '4', due, value]);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await expect(open).toBeFocused();
});
