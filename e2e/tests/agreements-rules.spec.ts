import { expect, STUB_URL, signInAsCopyOf, test } from './fixtures';

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
