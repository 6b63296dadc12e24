import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  checkAnasSettlement,
  expect,
  expectNoSeriousA11yViolations,
  type PersonaCopy,
  STUB_URL,
  signInAs,
  stubPost,
  test,
  todayInBrasilia,
} from './fixtures';

const README = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

/** The digits of a persona's document as the README's personas table lists it. */
function documentInTable(persona: string): string {
  const row = README.split('\n').find((line) => line.startsWith(`| ${persona} `));
  if (!row) throw new Error(`README: no personas-table row for ${persona}`);
  return (row.split('|')[2] ?? '').replace(/\D/g, '');
}

/** The first ```sh block after the personas table: the demo the README's paragraph describes. */
function demoCommands(): string {
  const table = README.indexOf('| persona ');
  const match = /```sh\n([\s\S]*?)```/.exec(README.slice(table));
  if (table < 0 || !match?.[1]) throw new Error('README: no sh block after the personas table');
  return match[1];
}

const ANA = documentInTable('Ana Beatriz Costa');
const DEMO = demoCommands();

/**
 * Runs the README's commands as a reader pastes them into a shell, with SIMULADOR set to the simulator's
 * address. Each run of this spec (phone and desktop at once) pays a copy of Ana of its own: her document in
 * the commands, and nothing else, is replaced by the copy's, so no other test sees Ana's instalments paid.
 */
async function runDemo(copy: PersonaCopy, commands = DEMO): Promise<string> {
  expect(commands.split(ANA).length - 1, "the demo names Ana's document once").toBe(1);
  const { stdout } = await promisify(execFile)(
    'bash',
    ['-euo', 'pipefail', '-c', commands.replace(ANA, copy.cpfCnpj)],
    {
      env: { ...process.env, SIMULADOR: STUB_URL },
    },
  );
  return stdout;
}

/** The same command for another instalment: the README says 'with instalments 5 and 6 paid too'. */
function forInstalment(parcela: number): string {
  const instalment = /"parcela":\s*4\b/g;
  expect(DEMO.match(instalment), 'the demo pays instalment 4 once').toHaveLength(1);
  return DEMO.replace(instalment, `"parcela":${parcela}`);
}

test("the README's demo: Ana's instalment 4 paid by PIX through the simulator's control, as the README says", async ({
  page,
}) => {
  expect(DEMO).toContain('$SIMULADOR/__stub/payments');
  const ana = await stubPost<PersonaCopy>('/__stub/personas', { like: 'ana' });
  const answer = JSON.parse(await runDemo(ana)) as { confirmaEm?: string };
  expect(answer.confirmaEm, 'the simulator confirmed the payment').toEqual(expect.any(String));

  await signInAs(page, ana.cpfCnpj);
  await page.getByRole('button', { name: 'Ver mais: Cartão Sol Nascente' }).click();
  await expect(page).toHaveURL(/\/acordos\?credor=1006&contrato=6011452873&/);
  const instalments = page.getByRole('list', { name: 'Parcelas do acordo' });
  const fourth = instalments
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Parcela 4' }) });
  await expect(fourth.getByText(`Pago em ${todayInBrasilia()}`)).toBeVisible();
  await expect(instalments.getByText(/^Pago em /)).toHaveCount(4);
  // the deadline to lift her negative record, counted from her first instalment's payment (long since lifted)
  await expect(page.getByRole('region', { name: 'Prazo para limpar seu nome' })).toContainText(
    /Pagamento confirmado em \d{2}\/\d{2}\/\d{4}\. Cartão Sol Nascente já retirou a negativação/,
  );

  // instalment 5 is the one to pay now, and 'Gerar pagamento' issues it
  await expect(page.getByRole('button', { name: 'Gerar pagamento da parcela 6' })).toBeDisabled();
  await page.getByRole('button', { name: 'Gerar pagamento da parcela 5' }).click();
  const failed = page.getByText('Ocorreu um erro ao solicitar sua requisição.');
  const issued = page.getByRole('button', { name: 'Baixar boleto' });
  await expect(failed.or(issued)).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(page).toHaveURL(/\/reemissao-concluida$/);
  await expect(issued).toBeVisible();
  const asked = await fetch(`${STUB_URL}/__stub/proxy/requests?cpfCnpj=${ana.cpfCnpj}&metodo=emitirBoleto`);
  expect(await asked.json()).toEqual([expect.objectContaining({ idproposta: '2025004417-5' })]);
  await expectNoSeriousA11yViolations(page);

  // with instalments 5 and 6 paid too, her declaration of settlement can be downloaded and checked
  for (const parcela of [5, 6]) {
    const paid = JSON.parse(await runDemo(ana, forInstalment(parcela))) as { confirmaEm?: string };
    expect(paid.confirmaEm, `instalment ${parcela} confirmed`).toEqual(expect.any(String));
  }
  await page.getByRole('button', { name: 'Ir para Minha Conta' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await checkAnasSettlement(page);
});
