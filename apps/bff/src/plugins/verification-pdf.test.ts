import type { VerificationResult } from '@portal/contracts/procedures/verification';
import { VERIFY_PDF_PATH, VERIFY_PDF_TOO_LARGE_MESSAGE } from '@portal/contracts/verification-pdf';
import { BENEFICIARIO, CONVENIO, PIX_CITY, STUB_BANK_CODE } from '@portal/stub/negotiation/agreements';
import { type BoletoPdfInput, boletoPdf } from '@portal/stub/payments/boleto-pdf';
import {
  boletoBarcode,
  boletoFreeField,
  formatLinhaDigitavel,
  linhaDigitavel,
} from '@portal/stub/payments/febraban';
import { pixCopiaECola, STUB_PIX_KEY } from '@portal/stub/payments/pix';
import { addDays, todayInBrazil } from '@portal/validation/dates';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../testing/harness';
import { logSink } from '../testing/log-sink';
import { VERIFY_MESSAGES } from '../verification/verify';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { VERIFY_MAX_PER_IP: '1000' } });
});
afterAll(() => stack.close());

/** A boleto PDF as the simulator issues one (its collection account, hybrid), with what a test changes. */
async function boleto(change: { documento?: string; pixKey?: string } = {}) {
  const dueDate = addDays(todayInBrazil(), 10);
  const { freeField, nossoNumero } = boletoFreeField({
    convenio: CONVENIO,
    agreementId: '2025009001',
    parcela: 1,
  });
  const barcode = boletoBarcode({ bankCode: STUB_BANK_CODE, dueDate, amountCents: 21_000, freeField });
  const input: BoletoPdfInput = {
    beneficiario: { ...BENEFICIARIO, documento: change.documento ?? BENEFICIARIO.documento },
    pagador: { nome: 'Ana Costa', documento: '93541134780' },
    linhaDigitavel: formatLinhaDigitavel(linhaDigitavel(barcode)),
    barcode,
    dueDate,
    amountCents: 21_000,
    nossoNumero,
    contrato: '6011452873',
    parcela: 1,
    pix: pixCopiaECola({
      key: change.pixKey ?? STUB_PIX_KEY,
      amountCents: 21_000,
      merchantName: 'Cartão Sol Nascente',
      merchantCity: PIX_CITY,
    }),
  };
  return { bytes: await boletoPdf(input), line: linhaDigitavel(barcode) };
}

const upload = (body: Uint8Array | string, headers: Record<string, string> = {}) =>
  fetch(`${stack.url}${VERIFY_PDF_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf', origin: stack.url, ...headers },
    body,
  });

describe('POST /api/verificacao/pdf', () => {
  it('reads a genuine hybrid boleto: its line, the beneficiary’s CNPJ and its PIX code all official', async () => {
    const { bytes, line } = await boleto();
    const response = await upload(bytes);
    expect(response.status).toBe(200);
    const result = (await response.json()) as VerificationResult;
    expect(result).toMatchObject({ tipo: 'boleto', veredito: 'confere' });
    const situation = (campo: string) => result.campos.find((c) => c.campo === campo)?.situacao;
    expect(situation('CNPJ do beneficiário')).toBe('ok');
    expect(situation('Dígito verificador geral')).toBe('ok');
    expect(situation('PIX: Chave PIX')).toBe('ok');
    expect(situation('PIX: Código de verificação (CRC)')).toBe('ok');
    // read in memory, never logged
    expect(logSink.lines.join('\n')).not.toContain(line.slice(10, 40));
  });

  it('refuses a boleto whose printed beneficiary is not a partner’s, or whose PIX key is a stranger’s', async () => {
    const otherCnpj = (await (
      await upload((await boleto({ documento: '11.222.333/0001-81' })).bytes)
    ).json()) as VerificationResult;
    expect(otherCnpj).toMatchObject({ veredito: 'nao-pague', titulo: VERIFY_MESSAGES.cnpj });
    expect(otherCnpj.campos.find((c) => c.campo === 'CNPJ do beneficiário')?.valor).toBe(
      '11.222.333/0001-81',
    );

    const strangerKey = (await (
      await upload((await boleto({ pixKey: 'golpe@example.com' })).bytes)
    ).json()) as VerificationResult;
    expect(strangerKey).toMatchObject({ veredito: 'nao-pague', titulo: VERIFY_MESSAGES.pixKey });
    // the line itself was right: said too
    expect(strangerKey.motivos[0]).toMatch(/^Este boleto é de um canal oficial/);
  });

  it('says when a file is not a readable PDF, or a PDF without a code', async () => {
    expect(await (await upload('isto não é um PDF')).json()).toMatchObject({
      veredito: 'invalido',
      titulo: VERIFY_MESSAGES.pdfUnreadable,
    });
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Fatura sem código', { font: await doc.embedFont(StandardFonts.Helvetica) });
    expect(await (await upload(await doc.save())).json()).toMatchObject({
      veredito: 'invalido',
      titulo: VERIFY_MESSAGES.pdfNoCode,
    });
  });

  it('answers a file over 2 MB with 413, another type with 415, another site with 403, in Portuguese', async () => {
    const big = await upload(new Uint8Array(2 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: { message: VERIFY_PDF_TOO_LARGE_MESSAGE } });
    expect((await upload('x', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await upload((await boleto()).bytes, { origin: 'https://golpe.example' })).status).toBe(403);
    // elsewhere a PDF is no body at all
    const elsewhere = await fetch(`${stack.url}/trpc/verification.check`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', origin: stack.url },
      body: 'x',
    });
    expect(elsewhere.status).toBe(415);
  });

  it('never answers 5xx to 200 files of garbage, truncated or corrupted PDFs', async () => {
    const { bytes } = await boleto();
    const statuses = new Set<number>();
    for (let i = 0; i < 200; i += 1) {
      const copy = bytes.slice(0, i % 2 === 0 ? Math.floor((bytes.length * i) / 200) : bytes.length);
      if (i % 2 === 1)
        for (let j = 0; j < 20; j += 1) copy[(i * 7919 + j * 104_729) % copy.length] = (i + j) % 256;
      statuses.add((await upload(copy)).status);
    }
    expect([...statuses]).toEqual([200]);
  });
});
