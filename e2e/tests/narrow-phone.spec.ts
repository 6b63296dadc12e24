import type { Locator, Page } from '@playwright/test';
import {
  backToAccount,
  expect,
  expectNoSeriousA11yViolations,
  MORE_OPTIONS,
  type MoreOption,
  openMoreOption,
  openMoreOptions,
  PERSONAS,
  signIn,
  signInAsCopyOf,
  stubPost,
  test,
} from './fixtures';

/*
 * Every screen a person reaches by clicking fits a 360 px phone (the phone-360 project of
 * playwright.config.ts runs this file alone): nothing scrolls sideways, and axe finds no serious
 * violation. The pages whose layout changes with the width are measured at other widths too.
 */

const WIDTHS = [360, 412, 600, 768, 1024, 1280] as const;

/** Nothing is wider than the screen: the page scrolls up and down only. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(
    scroll,
    `${new URL(page.url()).pathname} is ${scroll} px wide on a ${client} px screen`,
  ).toBeLessThanOrEqual(client);
}

/** A screen, once `shown` is on it: no sideways scrolling and no serious axe violation. */
async function expectFits(page: Page, shown: Locator) {
  await expect(shown).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The same page at every width from a small phone to a desktop, then back at 360 px. */
async function expectFitsEveryWidth(page: Page, check: () => Promise<void> = async () => {}) {
  const size = page.viewportSize() ?? { width: 360, height: 740 };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: size.height });
    await expectNoSidewaysScroll(page);
    await check();
  }
  await page.setViewportSize(size);
}

/**
 * A text button styled by the page itself, not by a modal's stylesheet that arrives only when the modal
 * first opens: no native grey face or border, and a 44 px target.
 */
async function expectStyledTextButton(button: Locator) {
  const look = await button.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      background: style.backgroundColor,
      border: style.borderTopStyle,
      underlined: style.textDecorationLine,
      height: element.getBoundingClientRect().height,
    };
  });
  expect(look).toMatchObject({ background: 'rgba(0, 0, 0, 0)', border: 'none', underlined: 'underline' });
  expect(look.height).toBeGreaterThanOrEqual(44);
}

test('Maria walks from sign-in to a concluded agreement on a 360 px phone', async ({ page }) => {
  await signInAsCopyOf(page, 'maria');
  await expectFits(page, heading(page, 'Olá, Maria'));

  // A contract's details, its negotiation and its proposals.
  await page.getByRole('button', { name: 'Ver mais: Lojas Horizonte' }).click();
  const contracts = page.getByRole('dialog');
  await expectFits(page, contracts.getByRole('button', { name: 'Ver contrato 72***455' }));
  await contracts.getByRole('button', { name: 'Ver contrato 72***455' }).click();
  await expectFits(page, page.getByRole('heading', { name: /Parcele em até:/ }));
  await page.getByRole('link', { name: 'Ver propostas' }).click();
  await expectFits(page, heading(page, 'Propostas'));
  await backToAccount(page);

  // An upfront offer, the payment modal, the summary and the concluded agreement.
  await page.getByRole('button', { name: 'Ver mais: Onda Telecom' }).click();
  await expectFits(page, page.getByRole('heading', { name: 'À vista' }));
  await page.getByRole('button', { name: 'Negociar' }).click();
  const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
  await expectFits(page, payment);
  await payment.getByText('Boleto').click();
  await payment.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(/\/resumo$/);
  await expectFits(page, heading(page, 'Resumo do acordo'));
  // 'Detalhes' looks like the page's link-like button before any details modal was opened.
  const details = page.getByRole('button', { name: /^Detalhes da parcela/ }).first();
  await expectStyledTextButton(details);
  await expectFitsEveryWidth(page, () => expectStyledTextButton(details));
  await details.click();
  const instalment = page.getByRole('dialog', { name: 'Detalhes da parcela' });
  await expectFits(page, instalment);
  await instalment.getByRole('button', { name: 'Fechar' }).click();
  await expect(instalment).toHaveCount(0);

  await page.getByRole('button', { name: 'Concluir acordo' }).click();
  await expect(page).toHaveURL(/\/acordo-concluido$/);
  await expectFits(page, heading(page, 'Parabéns, acordo concluído com sucesso!'));
  await expectFitsEveryWidth(page);
});

test('every page of the signed-in menu fits a 360 px phone', async ({ page }) => {
  // João has no contracts: his Minha conta is the empty one.
  await signIn(page, 'joao');
  await expectFits(page, heading(page, /Olá, João/));

  await page.getByRole('banner').getByRole('button', { name: 'Abrir menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expectFits(page, menu.getByRole('link', { name: 'Verificar boleto ou PIX' }));
  await menu.getByRole('link', { name: 'Verificar boleto ou PIX' }).click();
  await expectFits(page, heading(page, 'Verificar boleto ou PIX'));
  // A page of its own, under the back header.
  await page.getByRole('banner').getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);

  await openMoreOptions(page);
  await expectFits(page, heading(page, 'Mais opções'));
  await page.getByRole('button', { name: /^Avaliar o portal/ }).click();
  const rating = page.getByRole('dialog');
  await expectFits(page, rating);
  await page.keyboard.press('Escape');
  await expect(rating).toHaveCount(0);

  for (const tile of Object.keys(MORE_OPTIONS) as MoreOption[]) {
    await backToAccount(page);
    await openMoreOption(page, tile);
    await expectFits(page, heading(page, MORE_OPTIONS[tile]));
  }

  // The FAQ leads to the terms of use.
  await backToAccount(page);
  await openMoreOption(page, 'FAQ');
  await page.getByText('Onde estão as regras de uso do portal?').click();
  await page.getByRole('main').getByRole('link', { name: 'Termos de Uso' }).click();
  await expectFits(page, heading(page, 'Termos de Uso'));
});

test("Ana's agreement in progress fits every width, its boxes padded and its rows in line", async ({
  page,
}) => {
  const ana = await signInAsCopyOf(page, 'ana');
  await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
  await expect(page).toHaveURL(/\/acordos\?/);
  await expectFits(page, heading(page, 'Acordos em andamento'));
  const seeDetails = page.getByRole('button', { name: /^Ver detalhes da parcela/ }).first();
  await expectStyledTextButton(seeDetails);

  const deadline = page.getByRole('region', { name: 'Prazo para limpar seu nome' });
  const future = page
    .getByRole('list', { name: 'Parcelas do acordo' })
    .getByRole('listitem')
    .filter({ hasText: 'Disponível após o pagamento da parcela anterior.' })
    .first();
  await expect(future).toBeVisible();
  const rowsInLine = async () => {
    await expectPadded(deadline);
    await expectInLine(future);
    await expectStyledTextButton(seeDetails);
  };
  await rowsInLine();
  await expectFitsEveryWidth(page, rowsInLine);

  await seeDetails.click();
  const instalment = page.getByRole('dialog', { name: 'Detalhes da parcela' });
  await expectFits(page, instalment);
  await instalment.getByRole('button', { name: 'Fechar' }).click();

  // The creditor keeps her name negative past the deadline: the box grows a text and a button.
  await stubPost('/__stub/negative-records/keep', { cpfCnpj: ana.cpfCnpj, contrato: '6011452873' });
  await page.reload();
  const late = page.getByRole('region', { name: 'Seu nome continua negativado' });
  await expectFits(page, late);
  await expectFitsEveryWidth(page, () => expectPadded(late));
});

/** A box's text keeps at least 12 px from its border on every side. */
async function expectPadded(box: Locator) {
  const padding = await box.evaluate((element) => {
    const style = getComputedStyle(element);
    return ['Top', 'Right', 'Bottom', 'Left'].map((side) =>
      Number.parseFloat(style.getPropertyValue(`padding-${side.toLowerCase()}`)),
    );
  });
  for (const side of padding)
    expect(side, `at ${box.page().viewportSize()?.width} px`).toBeGreaterThanOrEqual(12);
}

/**
 * An instalment's facts each on one line inside its own column: 'Valor a pagar' does not wrap, and no
 * value runs past its column into the next one or into the button's.
 */
async function expectInLine(row: Locator) {
  const problems = await row.evaluate((item) => {
    const found: string[] = [];
    const action = item.querySelector('.agreement-instalment-action')?.getBoundingClientRect();
    for (const element of item.querySelectorAll('dt, dd')) {
      const text = element.textContent ?? '';
      const box = element.getBoundingClientRect();
      const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
      if (box.height > lineHeight * 1.5) found.push(`'${text}' wraps`);
      if (element.scrollWidth > element.clientWidth) found.push(`'${text}' overflows its column`);
      const range = document.createRange();
      range.selectNodeContents(element);
      const textBox = range.getBoundingClientRect();
      if (textBox.right > box.right + 0.5) found.push(`'${text}' runs past its column`);
      if (action && textBox.right > action.left && textBox.top < action.bottom && textBox.bottom > action.top)
        found.push(`'${text}' runs into the button`);
    }
    return found;
  });
  expect(problems, `at ${row.page().viewportSize()?.width} px`).toEqual([]);
}

test('after the home banner, the first click on the links under the password lands', async ({ page }) => {
  for (const [link, url, title] of [
    ['Esqueci minha senha', /\/esqueceu-senha$/, 'Esqueceu sua senha?'],
    ['Cadastre-se', /\/cadastro$/, 'Quase lá'],
  ] as const) {
    await page.goto('/');
    await page.getByRole('main').getByLabel('CPF/CNPJ').fill(PERSONAS.maria.typed);
    await page.getByRole('button', { name: 'Consultar grátis' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Senha', { exact: true })).toBeFocused();
    await expectFits(page, heading(page, 'Fazer login'));
    // A person's click: the button goes down, then up a moment later, both on the link.
    await page.getByRole('link', { name: link }).click({ delay: 150 });
    await expect(page).toHaveURL(url);
    await expect(page.getByText('Informe a senha.')).toHaveCount(0);
    await expectFits(page, heading(page, title));
  }
});
