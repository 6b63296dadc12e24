import { pdfTexts } from '@portal/test-kit/pdf-text';
import { describe, expect, it } from 'vitest';
import type { BoletoView, Summary } from '../core/records';
import { agreementLetterPdf, letterOfAgreement, letterOfSummary } from './agreement-letter';

const PIX_CODE = `00020126580014br.gov.bcb.pix0136${'a'.repeat(120)}5204000053039865405541.91`;

const plan: Summary = {
  chave: '9f1c3f0e-4a55-4d3b-9d5e-2f3a4b5c6d7e',
  credor: { codcredor: '1001', nome: 'Lojas Horizonte', logoUrl: null },
  contrato: '7201938455',
  contratoExibido: '72***455',
  modo: '1',
  idProposta: 'P-7201938455-T-AP2-20261124',
  formaPagamento: 'pix',
  pagamentoSite: true,
  tipoAcordo: 'AP',
  mandarVencimento: true,
  contratos: [
    {
      contrato: '7201938455',
      contratoExibido: '72***455',
      parcelas: [
        {
          contrato: '7201938455',
          contratoExibido: '72***455',
          numero: 7,
          vencimento: '2026-10-18',
          valorCents: 21_450,
          valorPagarCents: 22_100,
          futura: false,
        },
        {
          contrato: '7201938455',
          contratoExibido: '72***455',
          numero: null,
          vencimento: '2026-09-18',
          valorCents: 21_450,
          valorPagarCents: 22_400,
          futura: false,
        },
      ],
    },
  ],
  detalhes: {
    negociacao: 'Parcelado',
    entradaCents: 30_000,
    demaisParcelas: { quantidade: 2, valorCents: 25_050 },
    vencimento: '2026-11-24',
    atualizadoCents: 88_000,
    descontoCents: 7_900,
    totalCents: 80_100,
  },
  retorno: '/negociacao?credor=1001&contrato=7201938455',
};

const pix: BoletoView = {
  pdfUrl: '/api/boletos/ref.pdf',
  arquivo: '7201938455_1.pdf',
  linhaDigitavel: PIX_CODE,
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  pixCopiaECola: null,
  linkPagamento: null,
};

describe('the agreement letter', () => {
  it("says who, which contract, the agreement's id, its payments and the instalments it settles", async () => {
    const letter = letterOfSummary(plan, '0000012345678', [pix], '2026-11-20');
    const text = (await pdfTexts(await agreementLetterPdf(letter))).join('\n');
    expect(text).toContain('Carta de acordo');
    for (const expected of [
      'Número do acordo: ',
      '0000012345678',
      'Lojas Horizonte',
      '7201938455',
      'Forma de pagamento: ',
      'PIX',
      'Emitida em: ',
      '20/11/2026',
      'Entrada',
      '24/11/2026',
      'R$\u00a0300,00',
      'Parcela 2',
      'Parcela 3',
      'R$\u00a0250,50',
      'No boleto da parcela',
      'R$\u00a0801,00',
      'R$\u00a079,00',
      'Parcelas negociadas',
      '18/10/2026',
      '7',
      '—',
      'R$\u00a0214,50',
      'PIX Copia e Cola',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The PIX code is long: it is wrapped over lines, none lost.
    const lines = await pdfTexts(await agreementLetterPdf(letter));
    const start = lines.findIndex((l) => l.startsWith('000201'));
    expect(lines.slice(start, start + 4).join('')).toContain(PIX_CODE);
  });

  it('gives a hybrid boleto both ways to pay: its line and its PIX code', async () => {
    const line = '99991.23454 67890.123457 67890.123457 1 99990000123456';
    const hybrid: BoletoView = { ...pix, linhaDigitavel: line, pixCopiaECola: PIX_CODE };
    const letter = letterOfSummary(
      { ...plan, formaPagamento: 'boleto' },
      '0000012345678',
      [hybrid],
      '2026-11-20',
    );
    expect(letter.codigos).toEqual([
      { rotulo: 'Linha digitável', valor: line },
      { rotulo: 'PIX Copia e Cola', valor: PIX_CODE },
    ]);
  });

  it('lists the instalments of an agreement in progress with their status, and the card page to pay', async () => {
    const card: BoletoView = {
      ...pix,
      pdfUrl: '',
      linhaDigitavel: 'https://pagamentos.credor.example/cartao/abc',
      qrCode: null,
      linkPagamento: 'https://pagamentos.credor.example/cartao/abc',
    };
    const letter = letterOfAgreement(
      {
        codigoAcordo: 'AC-77',
        formaPagamento: 'cartao',
        parcelasAcordo: [
          { id: 'A-3', numero: 3, status: 'PAGO', dataVencimento: '10/05/2026', valorPago: '250,00' },
          { id: 'A-4', numero: 4, status: 'EM ABERTO', dataVencimento: '10/06/2026', valorPago: '250,00' },
          { id: 'A-5', numero: 5, status: 'FUTURA', dataVencimento: '10/07/2026', valorPago: '1.234,56' },
        ],
      },
      'Cartão Sol Nascente',
      '5521009',
      [card],
      '2026-06-01',
    );
    expect(letter.totalCents).toBe(173_456);
    const text = (await pdfTexts(await agreementLetterPdf(letter))).join('\n');
    for (const expected of [
      'AC-77',
      '5521009',
      'Cartão Sol Nascente',
      'Cartão de crédito',
      'Parcela 5',
      '10/07/2026',
      'R$\u00a01.234,56',
      'Pago',
      'Em aberto',
      'A vencer',
      'Link de pagamento',
      'https://pagamentos.credor.example/cartao/abc',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Parcelas negociadas');
  });

  it('writes a character its fonts cannot draw as "?" instead of failing, and continues on a new page', async () => {
    const many: Summary = {
      ...plan,
      credor: { ...plan.credor, nome: 'Credor 漢字 Ltda' },
      modo: '2',
      tipoAcordo: 'AV',
      detalhes: { ...plan.detalhes, entradaCents: null, demaisParcelas: null },
      contratos: [
        {
          contrato: '7201938455',
          contratoExibido: '72***455',
          parcelas: Array.from({ length: 80 }, (_, k) => ({
            ...(plan.contratos[0]?.parcelas[0] as Summary['contratos'][number]['parcelas'][number]),
            numero: k + 1,
          })),
        },
      ],
    };
    const bytes = await agreementLetterPdf(letterOfSummary(many, '1', [], '2026-11-20'));
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfTexts(bytes)).join('\n');
    expect(text).toContain('Credor ?? Ltda');
    expect(text).toContain('Pagamento de 80 parcelas');
    expect(text).toContain('80');
  });
});
