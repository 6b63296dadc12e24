import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  type PersonaCopy,
  signIn,
  signInAs,
  stubPost,
  test,
} from './fixtures';

/** A person's first look at a contract, as someone new to the portal meets it. */

/**
 * A wait the upstream keeps long: after 5 s its status says `sentence` (politely), the time waited counts
 * on outside the live region, and a minute later the status still says the sentence once. The page's
 * clock is moved on by the test.
 */
async function expectLongWaitSaid(page: Page, wait: Locator, sentence: string) {
  const still = wait.getByRole('status').filter({ hasText: 'Ainda consultando' });
  await page.clock.fastForward(6_000);
  await expect(still).toHaveText(sentence);
  await expect(still).toHaveAttribute('aria-live', 'polite');
  await expect(wait.getByText(/^Tempo de espera: \d+ s$/)).toBeVisible();
  await page.clock.fastForward(60_000);
  await expect(wait.getByText(/^Tempo de espera: 1 min \d+ s$/)).toBeVisible();
  await expect(still).toHaveText(sentence);
  await expectNoSeriousA11yViolations(page);
}

const PAULO_NEGOTIATION =
  '/negociacao?credor=1012&contrato=20230871&chamarProposta=true&chamarDivida=true&parcelasIndividuaisSequenciais=false';

test("Paulo's long offers lookup says it is still going, how long it has taken, and lets him leave", async ({
  page,
}) => {
  // The page's clock flows as usual; the test moves it on instead of waiting minutes.
  await page.clock.install();
  await signIn(page, 'paulo');
  // The BFF of this stack gives up on the upstream after 3 s (playwright.config.ts), the real one after
  // 195 s: the offers request is held here, as a production upstream that never answers holds it.
  await page.route(/\/trpc\/[^?]*negotiation\.offers/, () => {});
  const aborted = new Promise<string | undefined>((resolve) => {
    page.on('requestfailed', (request) => {
      if (/negotiation\.offers/.test(request.url())) resolve(request.failure()?.errorText);
    });
  });
  // A deep link (as from a bookmark): Paulo's silent upstream never lists his debts, so no card leads here.
  await page.goto(PAULO_NEGOTIATION);
  const wait = page.getByRole('dialog', { name: 'Buscando dados...' });
  await expect(wait).toBeVisible();
  await expectLongWaitSaid(page, wait, 'Ainda consultando o credor. Isso pode levar alguns minutos.');

  await wait.getByRole('button', { name: 'Voltar para minha conta' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('heading', { level: 1, name: /Olá, Paulo/ })).toBeVisible();
  // The browser stopped waiting for the offers.
  expect(await aborted).toBe('net::ERR_ABORTED');
});

test("Roberto's upfront card shows the day and the price the payment modal opens with", async ({ page }) => {
  // Roberto's upstream dates the contract's proposal on a day without banking (a holiday or a weekend,
  // docs/upstream-api.md), whatever today is: the card must show a day that can be paid, and its price.
  const roberto = await stubPost<PersonaCopy>('/__stub/personas', { like: 'roberto' });
  await signInAs(page, roberto.cpfCnpj);
  await page.getByRole('button', { name: 'Ver mais: Moda Aurora' }).click();
  await expect(page).toHaveURL(/\/negociacao\?credor=1003&contrato=5130927746&/);
  const card = page.getByRole('article', { name: 'À vista' });
  const due = textAfter(await card.getByText(/^Vencimento em /).textContent(), 'Vencimento em ');
  const price = textAfter(await card.getByText(/^Por /).textContent(), 'Por ');

  await card.getByRole('button', { name: 'Negociar' }).click();
  const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
  const date = payment.getByLabel('Data de pagamento');
  await expect(date).toBeVisible();
  await payment.getByText('Boleto').click();
  // Nothing left to value again: 'Continuar' is ready.
  await expect(payment.getByRole('button', { name: 'Continuar' })).toBeEnabled();
  await expect(payment.getByText('Muito bem! Aguarde enquanto buscamos a sua proposta.')).toHaveCount(0);
  await expect(date.locator('option:checked')).toHaveText(due);
  expect(await payment.getByText(/^Valor: /).textContent()).toBe(`Valor: ${price}`);

  await payment.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/resumo$/);
  const details = page.getByRole('region', { name: 'Detalhes da negociação' });
  await expect(details).toContainText(`Vencimento${due}`);
  await expect(details).toContainText(`Total a pagar${price}`);
});

function textAfter(text: string | null, prefix: string): string {
  return (text ?? '').replace(prefix, '').trim();
}

test("Paulo's long debts lookup on Minha conta says it is still going, how long it has taken, and lets him stop it", async ({
  page,
}) => {
  // The page's clock flows as usual; the test moves it on instead of waiting minutes.
  await page.clock.install();
  // Paulo's upstream never answers within the sign-in's 1.5 s, so Minha conta asks debts.creditors itself.
  // The BFF of this stack gives up on the upstream after 3 s (playwright.config.ts), the real one after
  // 195 s: the request is held here, as a production upstream that never answers holds it.
  await page.route(/\/trpc\/[^?]*debts\.creditors/, () => {});
  await signIn(page, 'paulo');
  const wait = page.getByRole('dialog', { name: 'Buscando dívidas...' });
  await expect(wait).toBeVisible();
  await expectLongWaitSaid(page, wait, 'Ainda consultando os credores. Isso pode levar alguns minutos.');

  await wait.getByRole('button', { name: 'Cancelar consulta' }).click();
  await expect(wait).toBeHidden();
  await expect(page.getByText('Não foi possível buscar as suas dívidas agora.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /Olá, Paulo/ })).toBeFocused();
  // 'Tentar novamente' asks again, behind the same wait
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(wait).toBeVisible();
  await expect(page.getByText('Não foi possível buscar as suas dívidas agora.')).toBeHidden();
});
