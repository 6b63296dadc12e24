import { PERSONA, reissueOpenInstalment, type Stack, startStack } from '@portal/test-kit/harness';
import { pdfTexts } from '@portal/test-kit/pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../http/error-envelope';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

/** Signs Maria in and keeps the summary of a proposal of `contrato` for `method`. */
async function summaryFor(contrato: string, method: 'boleto' | 'cartao' | 'pix', tipo: 'AV' | 'AP' = 'AV') {
  const client = stack.client();
  const { trpc } = client;
  await trpc.auth.signIn.mutate(PERSONA.maria);
  const offers = await trpc.negotiation.offers.query({
    codcredor: '1001',
    contrato,
    propostas: true,
    dividas: true,
  });
  const proposal = offers.proposals.find((p) => p.tipo === tipo && p.parcelasFuturas);
  if (!proposal) throw new Error(`no ${tipo} proposal`);
  const summary = await trpc.negotiation.saveSummary.mutate({
    codcredor: '1001',
    contrato,
    formaPagamento: method,
    retorno: '/negociacao',
    selecao: { modo: '1', idProposta: proposal.id },
  });
  return { client, trpc, summary };
}

const get = (path: string, cookie?: string) =>
  fetch(`${stack.url}${path}`, { headers: cookie ? { cookie } : {} });

describe('a card agreement', () => {
  it("links to the creditor's card page given as the payment line, and offers its letter only to its session", async () => {
    const { client, trpc, summary } = await summaryFor('883104', 'cartao');
    const result = await trpc.agreements.create.mutate({ chave: summary.chave });
    if (result.status !== 'concluido') throw new Error('not concluded');
    const { acordo } = result;
    const [card] = acordo.boletos;
    expect(card?.linkPagamento).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pagamento\/cartao\/[A-Za-z0-9_-]+$/);
    expect(card?.linkPagamento).toBe(card?.linhaDigitavel);
    expect(card?.pdfUrl).toBe('');
    // what the card page charges now, and when
    expect(acordo.valorCents).toBe(summary.detalhes.totalCents);
    expect(acordo.vencimento).toBe(summary.detalhes.vencimento);

    expect(acordo.carta.pdfUrl).toMatch(/^\/api\/cartas\/[A-Za-z0-9_-]{24}\.pdf$/);
    expect(acordo.carta.arquivo).toBe('883104_carta-acordo.pdf');
    const own = await get(acordo.carta.pdfUrl, client.cookieHeader());
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await own.arrayBuffer());
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfTexts(bytes)).join('\n');
    expect(text).toContain(acordo.nossonumero);
    expect(text).toContain('883104');
    expect(text).toContain('Lojas Horizonte');
    expect(text).toContain('Cartão de crédito');
    expect(text).toContain(card?.linkPagamento ?? '?');

    // Another session of the same person, no session, or a made-up ref: 404 with the one envelope.
    const other = stack.client();
    await other.trpc.auth.signIn.mutate(PERSONA.maria);
    const foreign = await get(acordo.carta.pdfUrl, other.cookieHeader());
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: { message: HTTP_MESSAGES.letterNotFound } });
    expect((await get(acordo.carta.pdfUrl)).status).toBe(404);
    expect((await get('/api/cartas/AAAAAAAAAAAAAAAAAAAAAAAA.pdf', client.cookieHeader())).status).toBe(404);
    expect((await get('/api/cartas/..%2F..%2Fetc.pdf', client.cookieHeader())).status).toBe(404);

    // The letter outlives 'Ir para Minha Conta' (it is the user's document), not the session.
    await trpc.agreements.finish.mutate();
    expect((await get(acordo.carta.pdfUrl, client.cookieHeader())).status).toBe(200);
    await trpc.auth.signOut.mutate();
    expect((await get(acordo.carta.pdfUrl, client.cookieHeader())).status).toBe(404);
  });
});

describe('a PIX instalment plan', () => {
  it('charges its entry now, and its letter lists the plan with the PIX code', async () => {
    const { client, trpc, summary } = await summaryFor('7201938455', 'pix', 'AP');
    const result = await trpc.agreements.create.mutate({ chave: summary.chave });
    if (result.status !== 'concluido') throw new Error('not concluded');
    const { acordo } = result;
    expect(acordo.valorCents).toBe(summary.detalhes.entradaCents);
    const text = (
      await pdfTexts(
        new Uint8Array(await (await get(acordo.carta.pdfUrl, client.cookieHeader())).arrayBuffer()),
      )
    ).join('');
    expect(text).toContain(acordo.nossonumero);
    expect(text).toContain('Entrada');
    expect(text).toContain(acordo.boletos[0]?.linhaDigitavel ?? '?');
  });
});

describe("Ana's agreement in progress", () => {
  it('gives the re-issued instalment its amount and due date, and a letter with the agreement code', async () => {
    const client = stack.client();
    const { trpc } = client;
    await trpc.auth.signIn.mutate(PERSONA.ana);
    const { found, agreement, open, acordo } = await reissueOpenInstalment(trpc);
    expect(acordo.valorCents).toBe(open.valorCents);
    expect(acordo.vencimento).toBe(open.vencimento);
    const text = (
      await pdfTexts(
        new Uint8Array(await (await get(acordo.carta.pdfUrl, client.cookieHeader())).arrayBuffer()),
      )
    ).join('\n');
    expect(text).toContain(agreement.codigoAcordo);
    expect(text).toContain(found.contrato);
    expect(text).toContain(`Parcela ${open.numero}`);
  });
});
