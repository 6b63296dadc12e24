import type { Page } from '@playwright/test';
import {
  addBusinessDays,
  addDays,
  businessDaysBetween,
  isBusinessDay,
  todayInBrazil,
} from '@portal/validation/dates';
import { formatBrDate, parseBrDate } from '@portal/validation/iso-date';
import {
  changesAt,
  contactRequestsAt,
  expect,
  expectNoSeriousA11yViolations,
  type PersonaCopy,
  signInAsCopyOf,
  stubPost,
  test,
} from './fixtures';

// Keeping an agreement alive: Ana's card agreement at Cartão Sol Nascente (10 business days of tolerance,
// moving an instalment and changing the day allowed). The simulator counts each change where it arrived.

const CONTRACT = '6011452873';
const dayMonth = (iso: string) => formatBrDate(iso).slice(0, 5);
/** The next business day from `iso` on, itself included. */
function businessFrom(iso: string): string {
  let day = iso;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** Ana's instalment `numero` falls due `dias` days ago (the simulator's clock knob). */
const overdue = (ana: PersonaCopy, dias: number) =>
  stubPost('/__stub/agreements/atrasar', { cpfCnpj: ana.cpfCnpj, contrato: CONTRACT, numero: 4, dias });

async function openAgreement(page: Page) {
  await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
  await expect(page).toHaveURL(/\/acordos\?/);
  await expect(page.getByRole('list', { name: 'Parcelas do acordo' })).toBeVisible();
}

const instalments = (page: Page) =>
  page.getByRole('list', { name: 'Parcelas do acordo' }).getByRole('listitem');
/** Each instalment as 'numero|due (ISO)|value' read off the page. */
async function schedule(
  page: Page,
): Promise<{ numero: number; vencimento: string; valor: string; pago: boolean }[]> {
  const items = await instalments(page).all();
  return Promise.all(
    items.map(async (item) => {
      const title = (await item.getByRole('heading', { level: 2 }).textContent()) ?? '';
      const due = (await item.locator('dt', { hasText: 'Vencimento' }).locator('+ dd').textContent()) ?? '';
      const value =
        (await item.locator('dt', { hasText: 'Valor a pagar' }).locator('+ dd').textContent()) ?? '';
      return {
        numero: Number(title.replace('Parcela ', '')),
        vencimento: parseBrDate(due) ?? due,
        valor: value.replace(/\u00a0/g, ' '),
        pago: (await item.getByText(/^Pago/).count()) > 0,
      };
    }),
  );
}

test('an instalment overdue within the tolerance says until when to pay, and moves to the end once', async ({
  page,
}) => {
  const ana = await signInAsCopyOf(page, 'ana');
  await overdue(ana, 2);
  await openAgreement(page);

  const today = todayInBrazil();
  const due = addDays(today, -2);
  const payBy = addBusinessDays(due, 10);
  const left = businessDaysBetween(addDays(today, -1), payBy);
  const notice = page.getByRole('region', { name: 'Parcela em atraso' });
  await expect(notice).toContainText(
    `A parcela 4 venceu em ${dayMonth(due)}. Pague até ${dayMonth(payBy)} para manter seu acordo.`,
  );
  await expect(notice).toContainText(
    left === 0
      ? 'Último dia útil para pagar: hoje.'
      : left === 1
        ? 'Falta 1 dia útil.'
        : `Faltam ${left} dias úteis.`,
  );
  await expect(notice.getByRole('button', { name: 'Gerar pagamento' })).toBeVisible();
  const before = await schedule(page);
  const formerLast = before.at(-1)?.vencimento ?? '';
  expect(before.map((p) => p.numero)).toEqual([1, 2, 3, 4, 5, 6]);

  await notice.getByRole('button', { name: 'Mover esta parcela para o fim do acordo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mover parcela para o fim do acordo' });
  const preview = dialog.getByRole('list', { name: 'Como ficam suas parcelas' });
  await expect(preview.getByRole('listitem')).toHaveCount(3);
  const movedTo = businessFrom(addDays(formerLast, 30));
  await expect(preview.getByRole('listitem').last()).toHaveText(
    `Parcela 6 — ${formatBrDate(movedTo)} — R$ 212,40 (antes: parcela 4, ${formatBrDate(due)})`,
  );
  // 5 and 6 move up a place with their own dates and values: only the moved one is marked
  await expect(preview.getByText(/antes:/)).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();

  const outcome = page.getByRole('status').filter({ hasText: 'Pronto!' });
  await expect(outcome).toHaveText('Pronto! A parcela foi movida para o fim do acordo.');
  await expect(dialog).toHaveCount(0);
  // the notice whose button opened the modal is gone: focus is on the word on the change, not <body>
  await expect(outcome).toBeFocused();
  await expect(page.getByRole('region', { name: 'Parcela em atraso' })).toHaveCount(0);
  const after = await schedule(page);
  expect(after.at(-1)).toEqual({ numero: 6, vencimento: movedTo, valor: 'R$ 212,40', pago: false });
  // instalments 5 and 6 moved up a place, keeping their dates
  expect(after.slice(3, 5).map((p) => p.vencimento)).toEqual(before.slice(4, 6).map((p) => p.vencimento));
  expect((await changesAt(ana.cpfCnpj)).map((c) => c.metodo)).toEqual(['moverParcela']);
});

test('a new payment day puts every open instalment on it, or on the next business day', async ({ page }) => {
  const ana = await signInAsCopyOf(page, 'ana');
  await openAgreement(page);

  await page.getByRole('button', { name: 'Mudar o dia de pagamento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mudar o dia de pagamento' });
  await dialog.getByLabel('Novo dia de pagamento').selectOption({ label: 'Dia 10' });
  await expect(
    dialog.getByRole('list', { name: 'Como ficam suas parcelas' }).getByRole('listitem'),
  ).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Pronto!' })).toContainText(
    'Pronto! Suas parcelas agora vencem no dia 10.',
  );
  await expect(dialog).toHaveCount(0);
  const open = (await schedule(page)).filter((p) => !p.pago);
  expect(open).toHaveLength(3);
  for (const { vencimento } of open) {
    expect(vencimento).toBe(businessFrom(`${vencimento.slice(0, 8)}10`));
  }
  expect((await changesAt(ana.cpfCnpj)).map((c) => c.metodo)).toEqual(['alterarVencimento']);
});

test('an agreement cancelled past the tolerance says what was paid and leads to renegotiating the rest', async ({
  page,
}) => {
  const ana = await signInAsCopyOf(page, 'ana');
  await overdue(ana, 30);
  await openAgreement(page);

  const cancelled = page.getByRole('region', { name: 'Acordo cancelado' });
  await expect(cancelled).toContainText('porque uma parcela não foi paga no prazo.');
  // instalments 1 to 3 paid (250,00 + 212,40 + 212,40), 4 to 6 not (3 × 212,40)
  await expect(cancelled).toContainText('Você já pagou R$ 674,80.');
  await expect(cancelled).toContainText('Faltavam R$ 637,20.');
  await expect(cancelled).toContainText('o desconto do acordo deixa de valer');
  // no legal deadline to lift the record, nor a complaint to make, for an agreement that settles nothing now
  await expect(page.getByText(/consumidor\.gov\.br/)).toHaveCount(0);
  await expect(page.getByText(/Seu nome continua negativado/)).toHaveCount(0);
  // the instalments stay for the record, with nothing to pay nor change
  await expect(instalments(page)).toHaveCount(6);
  await expect(page.getByRole('button', { name: /Gerar pagamento/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Estou com dificuldade para pagar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mudar o dia de pagamento' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await cancelled.getByRole('button', { name: 'Renegociar o saldo' }).click();
  await expect(page).toHaveURL(/\/negociacao\?credor=1006&contrato=6011452873&.*chamarProposta=true/);
  // the page names the contract (its instalments below name it again once they load)
  await expect(page.getByText('Contrato 60***873').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Propostas' })).toBeVisible();
});

test("'Estou com dificuldade para pagar' asks the creditor to get in touch, with the reason chosen", async ({
  page,
}) => {
  const ana = await signInAsCopyOf(page, 'ana');
  await openAgreement(page);

  await page.getByRole('button', { name: 'Estou com dificuldade para pagar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Estou com dificuldade para pagar' });
  await expect(dialog.getByRole('button', { name: 'Mover uma parcela para o fim do acordo' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: '0800 000 3634' })).toHaveAttribute(
    'href',
    'tel:08000003634',
  );
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('radio', { name: 'Desemprego' }).check();
  await dialog.getByRole('button', { name: 'Pedir contato do credor' }).click();

  const sent = dialog.getByText(/^Pedido enviado\. O credor vai entrar em contato\. Protocolo: .+\.$/);
  await expect(sent).toBeVisible();
  const requests = await contactRequestsAt(ana.cpfCnpj);
  expect(requests).toEqual([expect.objectContaining({ contrato: CONTRACT, motivo: 'desemprego' })]);
  expect(await sent.textContent()).toContain(`Protocolo: ${requests[0]?.protocolo}.`);
});
