import type { Page } from '@playwright/test';
import { overlappingRuns, pdfTextRuns, pdfTexts } from '@portal/test-kit/pdf-text';
import { monthlyOnDay, todayInBrazil } from '@portal/validation/dates';
import { formatBrDate, parseBrDate } from '@portal/validation/iso-date';
import { formatMoney } from '@portal/validation/money';
import {
  agreementsOf,
  expect,
  expectNoSeriousA11yViolations,
  STUB_URL,
  signInAsCopyOf,
  test,
} from './fixtures';

/*
 * 'Todas as minhas dívidas', reached by clicking from Minha conta: honest labels for a prescribed and a
 * disputed debt (Rafael), 'Cabe no meu bolso?' and the plan for a person whose budget cannot pay everything
 * (Sandra), and every agreement on one payday (Maria).
 */

/** Fills the budget step and asks whether it fits. */
async function fillBudget(page: Page, amounts: [string, string][]) {
  await page.getByRole('button', { name: 'Informar meu orçamento' }).click();
  const budget = page.getByRole('form', { name: 'Seu orçamento' });
  await expect(budget.getByLabel('Renda líquida mensal')).toBeFocused();
  for (const [label, amount] of amounts) await budget.getByLabel(label).pressSequentially(amount);
  await budget.getByRole('button', { name: 'Ver se cabe no meu bolso' }).click();
  await expect(page.getByText(/^Sobram R\$/)).toBeVisible();
}

/** A day of the month whose next date is 4 to 13 days from today in Brasília (days 29–31 are not offered). */
function dayAboutAWeekAhead(): number {
  const now = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/Sao_Paulo' }));
  for (let k = 4; k < 14; k += 1) {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + k).getDate();
    if (day <= 28) return day;
  }
  throw new Error('no day');
}

async function openAllDebts(page: Page) {
  await expect(page).toHaveURL(/\/minha-conta$/);
  await page.getByRole('link', { name: /^Ver todas as minhas dívidas/ }).click();
  await expect(page).toHaveURL(/\/minha-conta\/todas-as-dividas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Todas as minhas dívidas' })).toBeVisible();
}

/** 'R$ 1.234,56' → 123456. */
const centsOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** A creditor's card on the page, by its heading (the logo's name). */
const creditorCard = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Seus credores' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { level: 2, name }),
    });

test('Rafael sees his prescribed and disputed debts labelled honestly, and the totals', async ({ page }) => {
  await signInAsCopyOf(page, 'rafael');
  await openAllDebts(page);

  const horizonte = creditorCard(page, 'Lojas Horizonte');
  await expect(horizonte.getByText('Contrato 58***937')).toBeVisible();
  await expect(horizonte.getByText('Dívida prescrita', { exact: true })).toBeVisible();
  await expect(
    horizonte.getByText(/Ela não pode mais ser cobrada, nem na Justiça nem fora dela/),
  ).toBeVisible();
  await expect(horizonte.getByText(/^À vista/)).toHaveCount(0);
  await expect(horizonte.getByRole('link', { name: /^Ver ofertas mesmo assim/ })).toBeVisible();

  const colibri = creditorCard(page, 'Banco Colibri');
  await expect(colibri.getByText('Em contestação', { exact: true })).toBeVisible();
  await expect(colibri.getByText(/não oferecemos acordo para ele/)).toBeVisible();
  await expect(colibri.getByRole('link')).toHaveCount(0);

  const onda = creditorCard(page, 'Onda Telecom');
  await expect(onda.getByText(/^Você deve R\$/)).toBeVisible();
  await expect(onda.getByRole('link', { name: /^Ver ofertas: Contrato/ })).toBeVisible();

  // the total owed is the ordinary debt's; the prescribed and the disputed are apart from it, and said so
  const totals = page.getByRole('definition');
  await expect(page.getByText('Prescritas ou em contestação, fora do total:')).toBeVisible();
  await expect(page.getByText('Contratos:')).toBeVisible();
  await expect(totals.nth(2)).toHaveText('3');
  const owed = (await onda.getByText(/^Você deve R\$/).textContent()) ?? '';
  await expect(totals.first()).toHaveText(owed.replace('Você deve ', ''));
  await expect(page.getByText('Melhor à vista somado:')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("each amount says what it counts: what remains of Ana's agreement, and what an upfront offer settles", async ({
  page,
}) => {
  await signInAsCopyOf(page, 'ana');
  await openAllDebts(page);
  // her card agreement: instalments 4 to 6 of R$ 212,40 unpaid, not the contract's whole debt
  const card = creditorCard(page, 'Cartão Sol Nascente');
  await expect(card.getByText('Restam R$ 637,20 no acordo')).toBeVisible();
  await expect(card.getByText(/^Você deve/)).toHaveCount(0);
  await expect(card.getByRole('link', { name: /^Ver acordo: / })).toBeVisible();
  // an upfront offer says whether it settles the overdue instalments only, or every one
  const upfront = page.getByText(/^À vista: R\$/);
  await expect(upfront.first()).toBeVisible();
  for (const text of await upfront.allTextContents())
    expect(text).toMatch(/, (só as parcelas em atraso|todas as parcelas)$/);
  await expectNoSeriousA11yViolations(page);
});

test('Sandra fills her budget: R$ 900,00 free a month, offers that do not fit, and the over-indebtedness route', async ({
  page,
}) => {
  await signInAsCopyOf(page, 'sandra');
  await openAllDebts(page);
  await expect(
    page.getByRole('list', { name: 'Seus credores' }).getByRole('heading', { level: 2 }),
  ).toHaveCount(5);

  await page.getByRole('button', { name: 'Informar meu orçamento' }).click();
  const budget = page.getByRole('form', { name: 'Seu orçamento' });
  const amounts: [string, string][] = [
    ['Renda líquida mensal', '2800,00'],
    ['Moradia', '1000,00'],
    ['Alimentação', '500,00'],
    ['Transporte', '200,00'],
    ['Saúde', '100,00'],
    ['Contas (luz, água, gás, internet)', '100,00'],
  ];
  for (const [label, amount] of amounts) await budget.getByLabel(label).pressSequentially(amount);
  await expect(budget.getByLabel('Renda líquida mensal')).toHaveValue('2.800,00');
  await budget.getByRole('button', { name: 'Ver se cabe no meu bolso' }).click();

  await expect(
    page.getByText(
      /^Sobram R\$\s900,00 por mês para acordos, já reservando o mínimo existencial de R\$\s600,00\.$/,
    ),
  ).toBeVisible();
  const region = page.getByRole('region', { name: 'Suas dívidas não cabem no seu orçamento' });
  await expect(region).toBeVisible();
  await expect(region).toContainText('Lei 14.181/2021');
  await expect(region).toContainText('Defensoria Pública');
  await expect(page.getByText('Não cabe', { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // 'Plano de pagamento': every debt, the budget, and a split over 60 months that adds up
  const downloading = page.waitForEvent('download');
  await region.getByRole('button', { name: 'Baixar plano de pagamento' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('plano-de-pagamento.pdf');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const pdf = Buffer.concat(chunks);
  const texts = await pdfTexts(pdf);
  expect(texts.join(' ')).toContain('Plano de pagamento');
  expect(texts[texts.indexOf('Disponível por mês para as dívidas: ') + 1]).toMatch(/^R\$\s900,00$/);
  // each debt's 'No plano', right-aligned under its title, and nothing printed over anything else
  const runs = await pdfTextRuns(pdf);
  const title = runs.find((r) => r.text === 'No plano');
  const planned = runs.filter(
    (r) =>
      title !== undefined &&
      r.page === title.page &&
      r.y < title.y &&
      r.text.startsWith('R$') &&
      Math.abs(r.x + r.width - (title.x + title.width)) < 0.5,
  );
  expect(planned).toHaveLength(5);
  expect(planned.reduce((a, r) => a + centsOf(r.text), 0)).toBe(60 * 90_000);
  expect(overlappingRuns(runs)).toEqual([]);
  expect(centsOf(texts[texts.indexOf('Total proposto no plano: ') + 1] ?? '')).toBe(60 * 90_000);
  await expect(region.getByText('Plano de pagamento baixado.')).toBeVisible();

  await page.getByRole('button', { name: 'Apagar meu orçamento' }).click();
  await expect(page.getByText(/^Sobram/)).toHaveCount(0);
  await expect(region).toHaveCount(0);
  await expect(page.getByText('Não cabe', { exact: true })).toHaveCount(0);
});

test('Maria picks one payday for two creditors, sees which offers fit her budget, and concludes both agreements', async ({
  page,
}) => {
  const maria = await signInAsCopyOf(page, 'maria');
  await openAllDebts(page);
  await fillBudget(page, [
    ['Renda líquida mensal', '3500,00'],
    ['Moradia', '1200,00'],
    ['Alimentação', '700,00'],
  ]);

  const sameDay = page.getByRole('region', { name: 'Tudo no mesmo dia' });
  const dia = dayAboutAWeekAhead();
  await sameDay.getByLabel('Dia do pagamento').selectOption(String(dia));
  await sameDay.getByRole('button', { name: 'Ver ofertas para este dia' }).click();
  const offers = sameDay.getByRole('form', { name: 'Ofertas para o mesmo dia' });
  const dateText = await offers.getByText(/^Todos com vencimento em /).textContent();
  const shown = /(\d{2})\/(\d{2})\/(\d{4})/.exec(dateText ?? '');
  expect(Number(shown?.[1])).toBeGreaterThanOrEqual(dia);
  const due = `${shown?.[1]}/${shown?.[2]}/${shown?.[3]}`;
  expect([0, 6]).not.toContain(new Date(`${shown?.[3]}-${shown?.[2]}-${shown?.[1]}T12:00:00Z`).getUTCDay());

  // each offer says whether it fits the budget, in words
  await expect(offers.getByText(/^(Cabe|Aperta|Não cabe)$/).first()).toBeVisible();
  // two contracts of two creditors, each with its first offer
  const groups = offers.getByRole('group');
  const names = await groups.evaluateAll((all) =>
    all.map((g) => g.querySelector('legend')?.textContent ?? ''),
  );
  const picked: string[] = [];
  for (const [index, name] of names.entries()) {
    const creditor = name.split(',')[0] ?? '';
    if (picked.some((p) => p.startsWith(creditor)) || picked.length === 2) continue;
    await groups.nth(index).getByRole('radio').nth(1).check();
    picked.push(name);
  }
  expect(picked).toHaveLength(2);
  await expectNoSeriousA11yViolations(page);
  await offers.getByRole('button', { name: 'Revisar 2 acordos' }).click();

  await expect(page).toHaveURL(/\/minha-conta\/tudo-no-mesmo-dia$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Revisar acordos' })).toBeVisible();
  const chosen = page.getByRole('list', { name: 'Acordos escolhidos' }).getByRole('listitem');
  await expect(chosen).toHaveCount(2);
  for (const name of picked) await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText(/não é possível pagar todos os credores com um só pagamento/)).toBeVisible();
  await expect(page.getByText(new RegExp(`^Todos com vencimento em ${due}`))).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Concluir 2 acordos' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 de 2 acordos feitos.' })).toBeVisible();
  await expect(chosen.getByText('Acordo feito.')).toHaveCount(2);
  await expect(chosen.getByRole('link', { name: /^Ver acordo: / })).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Concluir|^Tentar de novo/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // what reached the simulator: one gerarBoleto per agreement, each dated on the day shown
  const response = await fetch(
    `${STUB_URL}/__stub/proxy/requests?cpfCnpj=${maria.cpfCnpj}&metodo=gerarBoleto`,
  );
  const sent = (await response.json()) as { vencimento?: string; codcredor: string }[];
  expect(sent).toHaveLength(2);
  expect(new Set(sent.map((r) => r.codcredor)).size).toBe(2);
  for (const r of sent) expect(r.vencimento).toBe(due);
  expect(await agreementsOf(maria.cpfCnpj)).toHaveLength(2);

  // a reload shows what was made, and sends nothing again
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: '2 de 2 acordos feitos.' })).toBeVisible();
  expect(await agreementsOf(maria.cpfCnpj)).toHaveLength(2);
});

test('Maria pays a plan on one payday: every payment on the day chosen, listed with its total before she concludes, and so at the creditor', async ({
  page,
}) => {
  const maria = await signInAsCopyOf(page, 'maria');
  await openAllDebts(page);
  const sameDay = page.getByRole('region', { name: 'Tudo no mesmo dia' });
  const dia = dayAboutAWeekAhead();
  const select = sameDay.getByLabel('Dia do pagamento');
  await select.selectOption(String(dia));
  // the day's date is said before asking: the first such day, past a weekend or holiday
  const promised = monthlyOnDay(todayInBrazil(), dia, 24);
  await expect(sameDay.getByText(`Vencimento em ${formatBrDate(promised[0] ?? '')}.`)).toBeVisible();
  await sameDay.getByRole('button', { name: 'Ver ofertas para este dia' }).click();
  const offers = sameDay.getByRole('form', { name: 'Ofertas para o mesmo dia' });

  // Lojas Horizonte dates each instalment on the same day of the month: a plan of 3 or more
  const group = offers.getByRole('group', { name: /^Lojas Horizonte, contrato / }).first();
  const plan = group.getByRole('radio', { name: /^Entrada de .* \+ ([3-9]|\d\d) × / }).first();
  await plan.check();
  await offers.getByRole('button', { name: 'Revisar 1 acordo' }).click();
  await expect(page).toHaveURL(/\/minha-conta\/tudo-no-mesmo-dia$/);

  // every payment, with its date and amount, and the total, before 'Concluir'
  const payments = page.getByRole('list', { name: 'Pagamentos: Lojas Horizonte' }).getByRole('listitem');
  // the review reads its cart once on the page: its list is there before it is read
  await expect(payments.first()).toBeVisible();
  const listed = (await payments.allTextContents()).map((t) => {
    const [date = '', amount = ''] = t.replace(/\u00a0/g, ' ').split(': ');
    return { vencimento: parseBrDate(date), valorCents: centsOf(amount) };
  });
  expect(listed.length).toBeGreaterThanOrEqual(4);
  expect(listed.map((p) => p.vencimento)).toEqual(promised.slice(0, listed.length));
  const total = listed.reduce((sum, p) => sum + p.valorCents, 0);
  await expect(page.getByText(`Total: ${formatMoney(total)} em ${listed.length} pagamentos`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Concluir 1 acordo' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 de 1 acordo feito.' })).toBeVisible();
  // at the creditor: the same dates and amounts
  const [made] = await agreementsOf(maria.cpfCnpj);
  expect(made?.instalments.map((i) => ({ vencimento: i.due, valorCents: i.cents }))).toEqual(listed);
});

test('an offer that does not fit is marked so on every page, and /resumo names the offers that would before concluding', async ({
  page,
}) => {
  await signInAsCopyOf(page, 'maria');
  await openAllDebts(page);
  // R$ 1.400,00 of income and no other expense: R$ 800,00 free once the mínimo existencial is kept
  await fillBudget(page, [['Renda líquida mensal', '1400,00']]);
  await expect(page.getByText(/^Sobram R\$\s800,00 por mês/)).toBeVisible();

  const ipe = creditorCard(page, 'Ipê Eletro');
  await expect(ipe.getByText('Não cabe', { exact: true })).toBeVisible();
  await ipe.getByRole('link', { name: /^Ver ofertas: Contrato/ }).click();
  await expect(page).toHaveURL(/\/negociacao\?/);
  const upfront = page.getByRole('article', { name: 'À vista' });
  await expect(upfront.getByText('Não cabe', { exact: true })).toBeVisible();
  await upfront.getByRole('button', { name: 'Negociar' }).click();
  // the instalments still to come stay out of it
  await page.getByRole('dialog', { name: 'Parcelas a vencer' }).getByRole('button', { name: 'Não' }).click();

  const payment = page.getByRole('dialog', { name: 'Como você quer pagar?' });
  const value = payment.getByText(/^Valor: R\$/);
  await expect(value).toContainText('Não cabe');
  const price = await value.textContent();
  await payment.getByText('Boleto').click();
  await payment.getByRole('button', { name: 'Continuar' }).click();

  await expect(page).toHaveURL(/\/resumo$/);
  const notice = page.getByRole('region', { name: 'Este acordo não cabe no seu orçamento' });
  await expect(notice).toBeVisible();
  const asked = /R\$\s[\d.]+,\d{2}/.exec(price ?? '')?.[0] ?? 'no price';
  await expect(notice).toContainText(`Ele pede ${asked} em um mês, e sobram R$ 800,00 por mês`);
  const fitting = notice.getByRole('listitem');
  expect(await fitting.count()).toBeGreaterThan(0);
  for (const text of await fitting.allTextContents()) expect(text).toMatch(/(Cabe|Aperta)$/);
  await expect(notice).toContainText('Você pode concluir mesmo assim: a escolha é sua.');
  await expect(page.getByRole('button', { name: 'Concluir acordo' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);

  // 'Escolher outra oferta' goes back to the contract's offers, each marked
  await notice.getByRole('link', { name: 'Escolher outra oferta' }).click();
  await expect(page).toHaveURL(/\/negociacao\?/);
  await page.getByRole('link', { name: 'Ver propostas' }).click();
  await expect(page).toHaveURL(/\/propostas\?/);
  await expect(page.getByRole('button', { name: /Cabe$/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Não cabe$/ }).first()).toBeVisible();
});
