import { addDays, paymentDateOptions, todayInBrazil } from '@portal/validation/dates';
import type { ConcludedAgreement, DebtView, Offers, ProposalView, Summary } from '../../lib/trpc';

/** Data as the BFF hands it to the negotiation pages, dated from today so the date options match. */
export const TODAY = todayInBrazil();
export const day = (n: number) => addDays(TODAY, n);
const LAST_DAY = day(15);
/** The payment dates a page offers (business days from tomorrow to LAST_DAY). */
export const DATES = paymentDateOptions({ today: TODAY, maxDueDate: LAST_DAY });
export const PAY_ON = DATES[0] as string;

export function proposal(overrides: Partial<ProposalView> = {}): ProposalView {
  return {
    id: 'P-AV',
    tipo: 'AV',
    valorPagoCents: 121_927,
    entradaCents: 0,
    quantidadeParcelas: 0,
    parcelaCents: 0,
    totalCents: 121_927,
    corrigidoCents: 203_211,
    descontoCents: 81_284,
    descontoPercentual: '40,00%',
    vencimento: PAY_ON,
    dataMaxVencimento: LAST_DAY,
    parcelasFuturas: false,
    prestacoes: [
      { numero: 6, contrato: '4587120093', valorCents: 51_537, vencimento: day(-95) },
      { numero: 7, contrato: '4587120093', valorCents: 51_048, vencimento: day(-65) },
    ],
    ...overrides,
  };
}

export const plan = (n: number, parcelasFuturas = false, overrides: Partial<ProposalView> = {}) =>
  proposal({
    id: `P-AP${n}-${parcelasFuturas ? 'T' : 'A'}`,
    tipo: 'AP',
    valorPagoCents: 54_191,
    entradaCents: 54_191,
    quantidadeParcelas: n,
    parcelaCents: 54_189,
    totalCents: 162_569,
    descontoCents: 40_642,
    descontoPercentual: '20,00%',
    parcelasFuturas,
    ...overrides,
  });

export function debt(id: string, dueInDays: number, overrides: Partial<DebtView> = {}): DebtView {
  return {
    id,
    contrato: '4587120093',
    valorCents: 50_000 + dueInDays * -10,
    originalCents: 48_990,
    vencimento: day(dueInDays),
    validade: PAY_ON,
    futura: dueInDays > 0,
    dataMaxVencimento: LAST_DAY,
    ...overrides,
  };
}

export function offers(overrides: Partial<Offers> = {}): Offers {
  return {
    credor: { codcredor: '1002', nome: 'Ipê Eletro', logoUrl: '/api/logos/ipe-eletro.svg' },
    sequencial: false,
    formasPagamento: [
      { tipo: 'boleto', pagamentoInterno: true, pagamentoProposta: true },
      { tipo: 'cartao', pagamentoInterno: false, pagamentoProposta: true },
      { tipo: 'pix', pagamentoInterno: true, pagamentoProposta: true },
    ],
    proposals: [proposal()],
    debts: [],
    ...overrides,
  };
}

export function summary(overrides: Partial<Summary> = {}): Summary {
  return {
    chave: '9f1c3f0e-4a55-4d3b-9d5e-2f3a4b5c6d7e',
    credor: { codcredor: '1008', nome: 'Onda Telecom', logoUrl: '/api/logos/onda-telecom.svg' },
    contrato: '30118845720',
    contratoExibido: '30***720',
    modo: '1',
    idProposta: 'P-AV',
    formaPagamento: 'boleto',
    pagamentoSite: true,
    tipoAcordo: 'AV',
    contratos: [
      {
        contrato: '30118845720',
        contratoExibido: '30***720',
        parcelas: [
          {
            contrato: '30118845720',
            contratoExibido: '30***720',
            numero: 3,
            vencimento: day(-35),
            valorCents: 13_990,
            valorPagarCents: 14_401,
            futura: false,
          },
          {
            contrato: '30118845720',
            contratoExibido: '30***720',
            numero: 2,
            vencimento: day(-65),
            valorCents: 13_990,
            valorPagarCents: 14_540,
            futura: false,
          },
        ],
      },
    ],
    detalhes: {
      negociacao: 'À vista',
      entradaCents: null,
      demaisParcelas: null,
      vencimento: PAY_ON,
      atualizadoCents: 44_501,
      descontoCents: 11_125,
      totalCents: 33_376,
    },
    retorno: '/negociacao?credor=1008&contrato=30118845720',
    ...overrides,
  };
}

/** The agreement `agreements.create` concludes from a summary. */
export function concludedFrom(s: Summary = summary()): ConcludedAgreement {
  return {
    tipo: 'acordo',
    titulo: 'Parabéns, acordo concluído com sucesso!',
    credor: s.credor,
    contrato: s.contrato,
    contratoExibido: s.contratoExibido,
    formaPagamento: s.formaPagamento,
    pagamentoSite: s.pagamentoSite,
    tipoAcordo: s.tipoAcordo,
    idProposta: s.idProposta,
    modo: s.modo,
    nossonumero: '000123',
    boletos: [],
    valorCents: s.detalhes.entradaCents ?? s.detalhes.totalCents,
    vencimento: s.detalhes.vencimento,
    carta: { pdfUrl: '/api/cartas/carta-ref-1.pdf', arquivo: `${s.contrato}_carta-acordo.pdf` },
  };
}

export const NEGOTIATION_URL =
  '/negociacao?credor=1002&contrato=4587120093&logoUrl=%2Fapi%2Flogos%2Fipe-eletro.svg&chamarProposta=true&chamarDivida=true&parcelasIndividuaisSequenciais=false';
