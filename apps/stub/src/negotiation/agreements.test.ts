import { boletoBancarioLinhaDigitavel } from 'boleto-brasileiro-validator';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { buildStub } from '../app';
import { PERSONAS } from '../data/personas';
import { AGREEMENT_MESSAGES, createLedger, type Payer, STUB_BANK_CODE } from './agreements';
import { paymentDate } from './debts';
import { proposalsOnWire } from './proposals';

const TODAY = '2026-11-20';
const maria = PERSONAS.find((p) => p.key === 'maria');
const contract = maria?.contracts.find((c) => c.numero === '4587120093');
if (!maria || !contract) throw new Error('Maria or her contract is missing');
const payer: Payer = {
  base: 'http://stub.test',
  cpfCnpj: maria.cpfCnpj,
  nome: maria.nome,
  creditorName: 'Ipê Eletro',
  payments: [1, 2, 4],
};
const date = paymentDate(TODAY, undefined);
if (!date.ok) throw new Error('no payment date');
const [upfront] = proposalsOnWire(contract, TODAY, date.payOn, date.max);
const plan = proposalsOnWire(contract, TODAY, date.payOn, date.max).find((p) => p.tipo === 'AP');
const request = (over: Record<string, unknown> = {}) => ({
  idRequest: 'r',
  metodo: 'gerarBoleto' as const,
  app: 'test',
  cpfcnpj: maria.cpfCnpj,
  token: 't',
  codcredor: contract.creditorCode,
  contrato: contract.numero,
  formapagamento: 1 as const,
  idproposta: upfront?.id ?? '',
  modo: '1' as const,
  canalrecebimento: 'email' as const,
  destinorecebimento: maria.email,
  chave: 'chave-0000000000000001',
  ...over,
});

describe('gerarBoleto', () => {
  it('issues a boleto whose line an independent validator accepts, with our unassigned bank code', async () => {
    const ledger = createLedger();
    const outcome = await ledger.create(request(), contract, payer, TODAY);
    if (!outcome.ok) throw new Error(outcome.msg);
    const [boleto] = outcome.data.boletos;
    const digits = boleto?.linhaDigitavel.replace(/\D/g, '') ?? '';
    expect(boletoBancarioLinhaDigitavel(digits, true)).toBe(true);
    expect(digits.slice(0, 3)).toBe(STUB_BANK_CODE);
    expect(boleto?.url).toMatch(/^http:\/\/stub\.test\/boletos\/[A-Za-z0-9_-]{32}\.pdf$/);
    expect(ledger.agreements).toHaveLength(1);
    expect(ledger.agreements[0]?.settles).toHaveLength(upfront?.prestacoes.length ?? -1);
  });

  it('ignores the key, as the real upstream does: a repeat makes a second agreement, and each message is recorded', async () => {
    const ledger = createLedger();
    const send = (r: ReturnType<typeof request>) =>
      ledger.create(r, contract, payer, TODAY, { message: ledger.receive(r) });
    const first = await send(request());
    const again = await send(request({ idRequest: 'other' }));
    if (!first.ok || !again.ok) throw new Error('refused');
    expect(again.agreement?.codigoAcordo).not.toBe(first.agreement?.codigoAcordo);
    expect(ledger.agreements).toHaveLength(2);
    expect(ledger.requests.map((m) => m.codigoAcordo)).toEqual(ledger.agreements.map((a) => a.codigoAcordo));
  });

  it('with the optional key honoured, answers a repeated key with the first result and refuses it for another request', async () => {
    const ledger = createLedger();
    const send = (r: ReturnType<typeof request>) =>
      ledger.create(r, contract, payer, TODAY, { honourKey: true, message: ledger.receive(r) });
    const first = await send(request());
    const again = await send(request({ idRequest: 'other' }));
    expect(again).toBe(first);
    expect(ledger.agreements).toHaveLength(1);
    const changed = await send(request({ formapagamento: 4 }));
    expect(changed).toEqual({ ok: false, msg: AGREEMENT_MESSAGES.duplicateKey });
    expect(ledger.requests).toHaveLength(3);
    expect(ledger.requests.map((m) => m.codigoAcordo === null)).toEqual([false, true, true]);
  });

  it('issues hybrid boletos: a valid line and, for the same charge, a PIX code that pix-utils parses', async () => {
    const ledger = createLedger();
    const outcome = await ledger.create(request(), contract, payer, TODAY);
    if (!outcome.ok) throw new Error(outcome.msg);
    const [boleto] = outcome.data.boletos;
    expect(boletoBancarioLinhaDigitavel(boleto?.linhaDigitavel.replace(/\D/g, '') ?? '', true)).toBe(true);
    const parsed = parsePix(boleto?.pixCopiaECola ?? '');
    if (hasError(parsed) || !isStaticPix(parsed)) throw new Error('pix-utils refused the code');
    const cents = Number(boleto?.linhaDigitavel.replace(/\D/g, '').slice(-10));
    expect(Math.round((parsed.transactionAmount ?? 0) * 100)).toBe(cents);
    expect(boleto?.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('issues a PIX BR Code that pix-utils parses, with its amount and a QR image', async () => {
    const ledger = createLedger();
    const outcome = await ledger.create(request({ formapagamento: 4 }), contract, payer, TODAY);
    if (!outcome.ok) throw new Error(outcome.msg);
    const [pix] = outcome.data.boletos;
    const parsed = parsePix(pix?.linhaDigitavel ?? '');
    if (hasError(parsed) || !isStaticPix(parsed)) throw new Error('pix-utils refused the code');
    expect(Math.round((parsed.transactionAmount ?? 0) * 100)).toBe(
      Number(upfront?.valorPago.replace(/\D/g, '')),
    );
    expect(pix?.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('makes an instalment plan: the entry now, the rest monthly, and only the entry is issued', async () => {
    const ledger = createLedger();
    const outcome = await ledger.create(request({ idproposta: plan?.id }), contract, payer, TODAY);
    if (!outcome.ok) throw new Error(outcome.msg);
    expect(outcome.data.boletos).toHaveLength(1);
    expect(ledger.agreements[0]?.instalments).toHaveLength((plan?.quantidadeParcelas ?? 0) + 1);
  });

  it('refuses an unknown proposal, a method the creditor does not take, and answers the failing persona with erro', async () => {
    const ledger = createLedger();
    expect(await ledger.create(request({ idproposta: 'P-x' }), contract, payer, TODAY)).toEqual({
      ok: false,
      msg: AGREEMENT_MESSAGES.proposalGone,
    });
    const noPix = { ...payer, payments: [1] };
    expect(
      await ledger.create(
        request({ chave: 'chave-0000000000000002', formapagamento: 4 }),
        contract,
        noPix,
        TODAY,
      ),
    ).toEqual({
      ok: false,
      msg: AGREEMENT_MESSAGES.methodRefused,
    });
    const failed = await ledger.create(request({ chave: 'chave-0000000000000003' }), contract, payer, TODAY, {
      fails: true,
    });
    expect(failed).toMatchObject({ ok: true, data: { erro: true, boletos: [], nossonumero: '' } });
    expect(ledger.agreements).toHaveLength(0);
  });
});

describe('the boleto PDF route', () => {
  it('serves a PDF for a token it issued and 404 for any other', async () => {
    const stub = await buildStub();
    const outcome = await stub.state.ledger.create(request(), contract, payer, TODAY);
    if (!outcome.ok) throw new Error(outcome.msg);
    const path = new URL(outcome.data.boletos[0]?.url ?? '').pathname;
    const pdf = await stub.app.inject({ method: 'GET', url: path });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await stub.app.inject({ method: 'GET', url: '/boletos/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.pdf' }))
        .statusCode,
    ).toBe(404);
    await stub.app.close();
  });
});
