import { expect, expectNoSeriousA11yViolations, STUB_URL, signIn, signInAsCopyOf, test } from './fixtures';

/** The emitirBoleto requests the simulator received for a document (what the portal really sent). */
async function emitirBoletoOf(cpfCnpj: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${STUB_URL}/__stub/proxy/requests?cpfCnpj=${cpfCnpj}&metodo=emitirBoleto`);
  expect(response.ok).toBe(true);
  return (await response.json()) as Record<string, unknown>[];
}

test("only the first unpaid instalment can be paid, though the creditor's upstream sends them all open", async ({
  page,
}) => {
  // Ana's creditor (Cartão Sol Nascente) answers consultaAcordo with every unpaid instalment 'EM ABERTO'.
  const ana = await signInAsCopyOf(page, 'ana');
  await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
  // her one contract there has an agreement in progress: straight to /acordos
  await expect(page).toHaveURL(/\/acordos\?credor=1006&contrato=6011452873&/);
  const instalments = page.getByRole('list', { name: 'Parcelas do acordo' });
  await expect(instalments.getByText(/^Pago em \d{2}\/\d{2}\/\d{4}$/)).toHaveCount(3);

  const open = page.getByRole('button', { name: 'Gerar pagamento da parcela 4' });
  await expect(open).toBeEnabled();
  for (const numero of [5, 6]) {
    const future = page.getByRole('button', { name: `Gerar pagamento da parcela ${numero}` });
    await expect(future).toBeDisabled();
    await expect(future).toHaveAccessibleDescription('Disponível após o pagamento da parcela anterior.');
  }
  await expect(page.getByRole('button', { name: /Gerar pagamento/ })).toHaveCount(3);
  await expect(page.getByRole('button', { name: /Gerar pagamento/, disabled: false })).toHaveCount(1);

  await open.click();
  await expect(page).toHaveURL(/\/reemissao-concluida$/);
  // one boleto, of instalment 4, by one channel
  expect(await emitirBoletoOf(ana.cpfCnpj)).toEqual([
    expect.objectContaining({
      idproposta: '2025004417-4',
      canalrecebimento: 'email',
      destinorecebimento: ana.email,
    }),
  ]);
});

test('/erro-efetivacao opened without a failed agreement claims no failure and leads to Minha conta', async ({
  page,
}) => {
  await signIn(page, 'maria');
  // a deep link, a bookmark or the address typed again: no agreement failed in this navigation
  await page.goto('/erro-efetivacao');

  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Olá, Maria\.?$/);
  await expect(page.getByText('Encontramos um problema!')).toHaveCount(0);
  await expect(page.getByText(/problema na efetivação/)).toHaveCount(0);
});

/** Sets the simulator's fault knobs (PUT /__stub/faults). */
async function setFaults(faults: Record<string, unknown>) {
  const response = await fetch(`${STUB_URL}/__stub/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  expect(response.ok).toBe(true);
}

test('when the upstream has nothing left to issue, /acordos says so and offers the way on', async ({
  page,
}) => {
  const ana = await signInAsCopyOf(page, 'ana');
  await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
  await expect(page).toHaveURL(/\/acordos\?credor=1006&contrato=6011452873&/);
  const open = page.getByRole('button', { name: 'Gerar pagamento da parcela 4' });
  await expect(open).toBeEnabled();

  // The agreement ended upstream meanwhile: emitirBoleto answers no boleto and no error (docs/upstream-api.md,
  // the simulator's emptyReissue knob). The knob is the simulator's: it hits this copy's document only, so
  // no other test's re-issue running meanwhile is touched, and it is on for this one request.
  await setFaults({ emptyReissue: true, emptyReissueDocuments: [ana.cpfCnpj] });
  try {
    const reply = page.waitForResponse((response) => response.url().includes('agreements.reissue'));
    await open.click();
    await reply;
  } finally {
    await setFaults({ emptyReissue: false, emptyReissueDocuments: [] });
  }

  const notice = page.getByRole('alertdialog', { name: 'Não há parcelas a emitir neste acordo' });
  await expect(notice).toBeVisible();
  await expect(page).toHaveURL(/\/acordos\?/);
  await expectNoSeriousA11yViolations(page);
  await notice.getByRole('button', { name: 'Ir para Minha Conta' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
});
