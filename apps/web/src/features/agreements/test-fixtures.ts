import type { AgreementInProgress, BoletoView, ConcludedAgreement } from '../../lib/trpc';

/** Data as the BFF hands it to the agreement pages. */
export const LINHA = '23790.00009 00000.000016 00000.000001 1 99990000054191';
export const PIX_CODE = '00020126580014br.gov.bcb.pix0136chave-pix-do-credor5204000053039865405541.91';
export const QR = 'data:image/svg+xml;base64,PHN2Zy8+';
export const CARD_PAGE = 'https://pagamentos.credor.example/pagamento/cartao/abc123';

export function boleto(overrides: Partial<BoletoView> = {}): BoletoView {
  return {
    pdfUrl: '/api/boletos/ref-1.pdf',
    arquivo: '3051720_1.pdf',
    linhaDigitavel: LINHA,
    qrCode: null,
    pixCopiaECola: null,
    linkPagamento: null,
    ...overrides,
  };
}

export function concluded(overrides: Partial<ConcludedAgreement> = {}): ConcludedAgreement {
  return {
    tipo: 'acordo',
    titulo: 'Parabéns, acordo concluído com sucesso!',
    credor: { codcredor: '1', nome: 'Ipê Eletro', logoUrl: '/api/logos/ipe.svg' },
    contrato: '3051720',
    contratoExibido: '30***720',
    formaPagamento: 'boleto',
    pagamentoSite: false,
    tipoAcordo: 'AV',
    idProposta: 'P-AV',
    modo: '1',
    nossonumero: '000123',
    boletos: [boleto()],
    valorCents: 54_191,
    vencimento: '2026-12-15',
    carta: { pdfUrl: '/api/cartas/carta-ref-1.pdf', arquivo: '3051720_carta-acordo.pdf' },
    ...overrides,
  };
}

export const pixAgreement = () =>
  concluded({
    formaPagamento: 'pix',
    pagamentoSite: true,
    boletos: [boleto({ linhaDigitavel: PIX_CODE, qrCode: QR })],
  });

export const cardAgreement = () =>
  concluded({
    formaPagamento: 'cartao',
    pagamentoSite: true,
    boletos: [boleto({ pdfUrl: '', linhaDigitavel: CARD_PAGE, linkPagamento: CARD_PAGE })],
  });

export function inProgress(overrides: Partial<AgreementInProgress> = {}): AgreementInProgress {
  return {
    credor: { codcredor: '1', nome: 'Ipê Eletro', logoUrl: '/api/logos/ipe.svg' },
    contrato: '5521009',
    contratoExibido: '55***009',
    codigoAcordo: 'AC-77',
    formaPagamento: 'boleto',
    parcelas: [
      {
        id: 'A-3',
        numero: 3,
        status: 'PAGO',
        vencimento: '2026-05-10',
        valorCents: 25_000,
        pagoEm: '2026-05-08',
      },
      {
        id: 'A-4',
        numero: 4,
        status: 'EM ABERTO',
        vencimento: '2026-06-10',
        valorCents: 25_000,
        pagoEm: null,
      },
      { id: 'A-5', numero: 5, status: 'FUTURA', vencimento: '2026-07-10', valorCents: 123_456, pagoEm: null },
    ],
    baixa: null,
    quitado: false,
    ...overrides,
  };
}
