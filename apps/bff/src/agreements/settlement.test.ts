import { VERIFY_PDF_PATH } from '@portal/contracts/verification-pdf';
import { onEveryStore } from '@portal/test-kit/every-store';
import { contractWithAgreement, type Stack, startStack } from '@portal/test-kit/harness';
import { pdfTexts } from '@portal/test-kit/pdf-text';
import { testKysely } from '@portal/test-kit/test-database';
import { hideDocument } from '@portal/validation/document';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Declaration } from '../core/records';
import { settlementPdf } from './settlement';

const PASSWORD = 'Acordo@2026';
const FIRST_NAME = 'Maria Aparecida da Silva';
const NEW_NAME = 'Maria Aparecida Souza Lima';

/** A declaration as the portal draws one, with a code it never issued. */
const DECLARED: Omit<Declaration, 'pdf'> = {
  codigo: 'QT-7K2M-4P9R-XW3T',
  owner: 'pseudonym',
  titular: FIRST_NAME,
  documento: '***.982.247-**',
  credor: 'Onda Telecom',
  contrato: '7201938455',
  codigoAcordo: '1234567801',
  parcelas: [{ numero: 1, pagoEm: '2026-03-02', valorCents: 123_456 }],
  totalCents: 123_456,
  quitadaEm: '2026-03-02',
  emitidaEm: '2026-03-03',
  emitidaAs: new Date('2026-03-03T14:05:06.000Z'),
};

/** The declarations kept under a code, in the test file's database: one, whatever the downloads. */
const keptRows = async (codigo: string) =>
  (await testKysely().selectFrom('declarations').select('codigo').where('codigo', '=', codigo).execute())
    .length;

onEveryStore((storeEnv) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: storeEnv() });
  });
  afterAll(() => stack.close());

  /** A fresh copy of Maria, signed in, whose new agreement is paid in full. */
  async function settledAgreement() {
    const user = stack.stub.state.clonePersona('maria');
    const client = stack.client();
    const { trpc } = client;
    await trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PASSWORD });
    const [creditor] = await trpc.debts.creditors.query();
    const contract = (await trpc.negotiation.contracts.query({ codcredor: creditor?.codcredor ?? '' })).find(
      (c) => c.destino === 'negociacao',
    );
    if (!creditor || !contract) throw new Error('no contract');
    const offers = await trpc.negotiation.offers.query({
      codcredor: creditor.codcredor,
      contrato: contract.contrato,
      propostas: true,
      dividas: false,
    });
    const upfront = offers.proposals.find((p) => p.tipo === 'AV');
    if (!upfront) throw new Error('no upfront offer');
    const { chave } = await trpc.negotiation.saveSummary.mutate({
      codcredor: creditor.codcredor,
      contrato: contract.contrato,
      formaPagamento: 'pix',
      retorno: '/negociacao',
      selecao: { modo: '1', idProposta: upfront.id },
    });
    expect((await trpc.agreements.create.mutate({ chave })).status).toBe('concluido');
    const found = await contractWithAgreement(trpc);
    await fetch(`${stack.stubUrl}/__stub/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cpfCnpj: user.cpfCnpj, contrato: found.contrato, parcela: 1, metodo: 'pix' }),
    });
    return { user, client, trpc, found };
  }

  type Client = ReturnType<Stack['client']>;
  const download = async (client: Client, pdfUrl: string) => {
    const response = await fetch(`${stack.url}${pdfUrl}`, { headers: { cookie: client.cookieHeader() } });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const rename = (
    trpc: Client['trpc'],
    user: { profile: { email: string; telefone: string } },
    nome: string,
  ) =>
    trpc.account.updateProfile.mutate({
      nome,
      dtNascimento: '15/04/1978',
      email: user.profile.email,
      telefone: user.profile.telefone,
      whatsapp: true,
    });

  it('is fixed at its first issue: after the profile is renamed, the same bytes, and the verification page shows the name as issued', async () => {
    const { user, client, trpc, found } = await settledAgreement();
    const first = await trpc.agreements.settlementDeclaration.mutate(found);
    const issued = await download(client, first.pdfUrl);
    const masked = hideDocument(user.cpfCnpj);
    const text = (await pdfTexts(issued)).join('\n');
    expect(text).toContain(FIRST_NAME);
    expect(text).toContain(`CPF ${masked}`);
    expect(text).not.toContain(user.cpfCnpj);

    await rename(trpc, user, NEW_NAME);
    expect((await trpc.auth.session.query())?.nome).toBe(NEW_NAME);
    const again = await trpc.agreements.settlementDeclaration.mutate(found);
    expect(again).toEqual(first);
    const later = await download(client, again.pdfUrl);
    expect(later.equals(issued)).toBe(true);
    expect((await pdfTexts(later)).join('\n')).not.toContain(NEW_NAME);
    expect(await keptRows(first.codigo)).toBe(1);

    const checked = await stack.client().trpc.verification.check.mutate({ codigo: first.codigo });
    expect(checked.veredito).toBe('confere');
    expect(checked.campos).toEqual(
      expect.arrayContaining([
        { campo: 'Titular', valor: FIRST_NAME, situacao: 'info' },
        { campo: 'CPF', valor: masked, situacao: 'info' },
      ]),
    );
    expect(JSON.stringify(checked)).not.toContain(NEW_NAME);

    // the PDF itself, uploaded on 'Verificar boleto ou PIX', checks out by the code it prints
    const upload = (pdf: Uint8Array) =>
      fetch(`${stack.url}${VERIFY_PDF_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf', origin: stack.url },
        body: pdf,
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { tipo: string; veredito: string },
      }));
    expect(await upload(issued)).toMatchObject({
      status: 200,
      body: { tipo: 'declaracao', veredito: 'confere' },
    });
    // a declaration drawn with a code this portal never issued does not
    const forged = await settlementPdf(DECLARED);
    expect(await upload(forged)).toMatchObject({
      status: 200,
      body: { tipo: 'declaracao', veredito: 'invalido' },
    });
  });

  it('two first downloads at once, from two sessions under two names, keep one declaration: both get its bytes', async () => {
    const { user, client, trpc, found } = await settledAgreement();
    const other = stack.client();
    await other.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PASSWORD });
    await rename(other.trpc, user, NEW_NAME);
    const issues = await Promise.all([
      trpc.agreements.settlementDeclaration.mutate(found),
      other.trpc.agreements.settlementDeclaration.mutate(found),
      trpc.agreements.settlementDeclaration.mutate(found),
      other.trpc.agreements.settlementDeclaration.mutate(found),
    ]);
    const [first] = issues;
    if (!first) throw new Error('not issued');
    for (const issue of issues) expect(issue).toEqual(first);
    expect(await keptRows(first.codigo)).toBe(1);
    const bytes = await Promise.all([download(client, first.pdfUrl), download(other, first.pdfUrl)]);
    expect(bytes[0]?.equals(bytes[1] ?? Buffer.alloc(0))).toBe(true);
    const text = (await pdfTexts(bytes[0] ?? new Uint8Array())).join('\n');
    const holder = text.includes(FIRST_NAME) ? FIRST_NAME : NEW_NAME;
    expect(text).toContain(holder);
    const checked = await stack.client().trpc.verification.check.mutate({ codigo: first.codigo });
    expect(checked.campos).toContainEqual({ campo: 'Titular', valor: holder, situacao: 'info' });
  });
});

describe('a declaration drawn from what it declares', () => {
  it('gives the same bytes whenever it is drawn, dated at its issue', async () => {
    const first = await settlementPdf(DECLARED);
    await new Promise((r) => setTimeout(r, 1_100));
    const second = await settlementPdf(DECLARED);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    const doc = await PDFDocument.load(first, { updateMetadata: false });
    expect(doc.getCreationDate()?.toISOString()).toBe(DECLARED.emitidaAs.toISOString());
    expect(doc.getModificationDate()?.toISOString()).toBe(DECLARED.emitidaAs.toISOString());
  });
});
