import type { Page } from '@playwright/test';
import {
  backToAccount,
  expect,
  expectNoSeriousA11yViolations,
  MORE_OPTIONS,
  type MoreOption,
  openMoreOption,
  signInAsCopyOf,
  test,
} from './fixtures';

/*
 * Every signed-in page reached the way a person reaches it: by clicking, starting from Minha conta, at
 * phone, tablet and desktop sizes (the tablet project runs this file only). On each page: its heading,
 * a 70 px header, 'Mais opções' within reach and no serious axe violation.
 */

const HEADER_HEIGHT = 70;

async function expectHeaderHeight(page: Page) {
  const box = await page.getByRole('banner').boundingBox();
  expect(box?.height).toBe(HEADER_HEIGHT);
  expect(box?.y).toBe(0);
}

/** 'Mais opções' is one click away in the header (from 768 px up) or in the phone menu. */
async function expectMoreOptionsWithinReach(page: Page) {
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: 'Abrir menu' });
  const headerLink = banner.getByRole('link', { name: 'Mais opções' });
  await expect(menu.or(headerLink)).toBeVisible();
  if (await headerLink.isVisible()) return;
  await menu.click();
  const sideMenu = page.getByRole('dialog', { name: 'Menu' });
  await expect(sideMenu.getByRole('link', { name: 'Mais opções' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sideMenu).toHaveCount(0);
}

/** What every signed-in page must pass once reached. */
async function expectSignedInPage(page: Page, heading: string | RegExp, url: RegExp) {
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectHeaderHeight(page);
  await expectMoreOptionsWithinReach(page);
  await expectNoSeriousA11yViolations(page);
}

const TILE_PATHS: Record<MoreOption, RegExp> = {
  'Editar perfil': /\/mais-opcoes\/editar-perfil$/,
  'Alterar senha': /\/mais-opcoes\/nova-senha$/,
  FAQ: /\/mais-opcoes\/faq$/,
  Sobre: /\/mais-opcoes\/sobre$/,
  Notificações: /\/mais-opcoes\/notificacoes$/,
  'Aviso de Privacidade': /\/mais-opcoes\/politica$/,
};

test('Minha conta leads by clicks to Mais opções and each of its pages', async ({ page }) => {
  await signInAsCopyOf(page, 'maria');
  await expectSignedInPage(page, 'Olá, Maria', /\/minha-conta$/);

  // The page's own way there.
  await page
    .getByRole('region', { name: 'Sua conta' })
    .getByRole('link', { name: /^Mais opções/ })
    .click();
  await expectSignedInPage(page, 'Mais opções', /\/mais-opcoes$/);

  // The header's (or the phone menu's) way there, then each tile, back to Minha conta in between.
  for (const tile of Object.keys(MORE_OPTIONS) as MoreOption[]) {
    await backToAccount(page);
    await openMoreOption(page, tile);
    await expectSignedInPage(page, MORE_OPTIONS[tile], TILE_PATHS[tile]);
  }

  // The FAQ links the terms of use; their page has the back header, 70 px high too, back to Minha conta.
  await openMoreOption(page, 'FAQ');
  await page.getByText('Onde estão as regras de uso do portal?').click();
  await page.getByRole('main').getByRole('link', { name: 'Termos de Uso' }).click();
  await expect(page).toHaveURL(/\/termos-gerais$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
  await expectHeaderHeight(page);
  await page.getByRole('banner').getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
});

test('Minha conta leads by clicks to a negotiation, its proposals, the summary and the concluded agreement', async ({
  page,
}) => {
  await signInAsCopyOf(page, 'maria');
  await page.getByRole('button', { name: 'Ver mais: Lojas Horizonte' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ver contrato 72***455' }).click();
  await expectSignedInPage(page, 'Olá, Maria', /\/negociacao\?/);

  await page.getByRole('link', { name: 'Ver propostas' }).click();
  await expectSignedInPage(page, 'Propostas', /\/propostas\?/);

  await page.getByText('PIX', { exact: true }).click();
  await page
    .getByRole('region', { name: /quitação de todas as parcelas/ })
    .getByRole('button', { name: /^Entrada: .* 2x / })
    .click();
  await expectSignedInPage(page, 'Resumo do acordo', /\/resumo$/);

  await page.getByRole('button', { name: 'Concluir acordo' }).click();
  await expectSignedInPage(page, /acordo concluído/, /\/acordo-concluido$/);
});

test('Minha conta leads by clicks to the agreements in progress and a re-issued payment', async ({
  page,
}) => {
  await signInAsCopyOf(page, 'ana');
  await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
  await expectSignedInPage(page, 'Acordos em andamento', /\/acordos\?/);

  await page
    .getByRole('button', { name: /Gerar pagamento/ })
    .first()
    .click();
  await expectSignedInPage(page, /./, /\/reemissao-concluida$/);
});

test('Minha conta leads by clicks to the page of an agreement the creditor refused', async ({ page }) => {
  await signInAsCopyOf(page, 'carlos');
  await page.getByRole('button', { name: 'Ver mais: Energia Serra Azul' }).click();
  await page.getByRole('button', { name: 'Negociar' }).click();
  const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
  await payment.getByText('PIX').click();
  await payment.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Concluir acordo' }).click();
  await expectSignedInPage(page, 'Encontramos um problema!', /\/erro-efetivacao$/);
});

test('every header variant is 70 px high; anchors and focus stop below it', async ({ page }) => {
  // The public header (home, with its anchors; the 404 page, without) and the back header.
  for (const path of ['/', '/nao-existe', '/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectHeaderHeight(page);
  }
  // The terms of use, from the footer's link.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Termos de Uso' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
  await expectHeaderHeight(page);

  // The privacy notice's table of contents: the section's heading just below the sticky header.
  await page.goto('/politica-geral');
  const contents = page.getByRole('navigation', { name: 'Nesta página' }).getByRole('link');
  await contents.filter({ hasText: 'Cookies' }).click();
  await expect(page).toHaveURL(/#privacidade-cookies$/);
  await expect
    .poll(() =>
      page.locator('#privacidade-cookies').evaluate((el) => Math.round(el.getBoundingClientRect().top)),
    )
    .toBe(HEADER_HEIGHT);
  await expectHeaderHeight(page);

  // A link scrolled under the sticky header comes out from under it when the keyboard reaches it.
  const hidden = contents.nth(3);
  await contents.nth(4).focus();
  await hidden.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 20));
  expect(await hidden.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(HEADER_HEIGHT);
  await page.keyboard.press('Shift+Tab');
  await expect(hidden).toBeFocused();
  expect(await hidden.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(HEADER_HEIGHT);
});
