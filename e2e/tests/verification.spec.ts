import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { pixCopiaECola } from '@portal/stub/payments/pix';
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNothingPersonalStored,
  signInAsCopyOf,
  test,
} from './fixtures';

const CENTRAL = '0800 000 3634';

/** 'Verificar boleto ou PIX' as a signed-in person reaches it: the header from 768 px up, the menu on phones. */
async function openVerificationFromMenu(page: Page) {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Abrir menu' });
  const headerLink = page.getByRole('banner').getByRole('link', { name: 'Verificar boleto ou PIX' });
  await expect(menu.or(headerLink)).toBeVisible();
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('dialog').getByRole('link', { name: 'Verificar boleto ou PIX' }).click();
  } else {
    await headerLink.click();
  }
  await expect(page).toHaveURL(/\/verificar-boleto-ou-pix$/);
}

async function verify(page: Page, code: string) {
  await page.getByLabel('Linha digitável, código de barras ou PIX Copia e Cola').fill(code);
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();
}

test('a hybrid boleto from Gerar pagamento is recognised as the person’s own instalment; one changed digit is not', async ({
  page,
}) => {
  await signInAsCopyOf(page, 'ana');
  await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
  await page.getByRole('button', { name: 'Gerar pagamento da parcela 4' }).click();
  await expect(page).toHaveURL(/\/reemissao-concluida$/);

  // both ways to pay: the boleto's line, and the same charge as a PIX code with its QR
  const line = (await page.locator('.agreement-code').first().textContent()) ?? '';
  expect(line.replace(/\D/g, '')).toHaveLength(47);
  const pix = page.getByRole('region', { name: 'Pagamento com PIX' });
  await expect(pix.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  await expect(pix.getByLabel('PIX Copia e Cola')).toHaveValue(/^000201/);

  // the boleto's PDF, as the person saves it
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar boleto' }).click();
  const download = await saved;
  const file = {
    name: download.suggestedFilename(),
    mimeType: 'application/pdf',
    buffer: await readFile(await download.path()),
  };

  await openVerificationFromMenu(page);
  await verify(page, line);
  const verdict = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(verdict).toContainText('Confere');
  await expect(verdict).toContainText(
    /Este boleto é do seu acordo com Cartão Sol Nascente, parcela 4, R\$\s[\d.,]+, vencimento \d{2}\/\d{2}\/\d{4}/,
  );
  await expect(verdict).toBeFocused();
  await expect(page.getByText(CENTRAL)).toHaveCount(1); // the footer's only: no warning for a genuine code
  await expectNoSeriousA11yViolations(page);

  const digits = line.replace(/\D/g, '');
  const changed = digits.slice(0, 12) + String((Number(digits[12]) + 1) % 10) + digits.slice(13);
  await verify(page, changed);
  await expect(verdict).toContainText('Não pague');
  await expect(verdict).toContainText('O dígito verificador do campo 2 não confere');
  await expect(page.getByRole('link', { name: CENTRAL }).first()).toHaveAttribute('href', /^tel:/);
  await expectNoSeriousA11yViolations(page);
  expect(page.url()).not.toContain(digits.slice(0, 20));
  await expectNothingPersonalStored(page, [digits]);

  // the saved PDF, sent as it is: its line, printed beneficiary and PIX code are all hers
  await page.getByLabel('Ou envie o PDF do boleto').setInputFiles(file);
  await page.getByRole('button', { name: 'Verificar PDF' }).click();
  await expect(verdict).toContainText(
    /Confere.*Este boleto é do seu acordo com Cartão Sol Nascente, parcela 4/,
  );
  await expect(page.getByText('CNPJ do beneficiário')).toBeVisible();
  await expect(page.getByText('PIX: Chave PIX')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('signed out, from the home page: a PIX code with a key no partner uses is refused, with the 0800', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Recebeu um boleto ou PIX? Verifique antes de pagar' }).click();
  await expect(page).toHaveURL(/\/verificar-boleto-ou-pix$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verificar boleto ou PIX' })).toBeVisible();

  const forged = pixCopiaECola({
    key: 'golpista@example.com',
    amountCents: 21_000,
    merchantName: 'Lojas Horizonte',
    merchantCity: 'Sao Paulo',
  });
  await verify(page, forged);
  const verdict = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(verdict).toContainText('Não pague');
  await expect(verdict).toContainText('A chave PIX não pertence a nenhum parceiro: não pague');
  await expect(page.getByText('golpista@example.com (e-mail)')).toBeVisible();
  await expect(page.getByText(/Na dúvida, não pague/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(page.url()).not.toContain('000201');
});
