import { z } from 'zod';
import { brDate, documentDigits, moneyString, upstreamDocument } from './wire';

// The portal's entities (creditor, contract, proposal, debt, agreement, boleto) as they travel between the upstream and the BFF.

export const paymentMethod = z.enum(['boleto', 'cartao', 'pix']);
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** The upstream's codes of `formapagamento`: boleto 1, cartão 2, PIX 4. */
export const PAYMENT_METHOD_CODE = { boleto: 1, cartao: 2, pix: 4 } as const satisfies Record<
  PaymentMethod,
  number
>;

export const paymentType = z.object({
  idTipoPagamento: z.number().int(),
  tipoPagamento: paymentMethod,
  pagamentoInterno: z.boolean(),
  pagamentoProposta: z.boolean(),
});
export type PaymentType = z.infer<typeof paymentType>;

/** What a creditor that names no payment type takes: id 1, boleto, paid inside the portal. */
const DEFAULT_PAYMENT_TYPE: PaymentType = {
  idTipoPagamento: 1,
  tipoPagamento: 'boleto',
  pagamentoInterno: true,
  pagamentoProposta: true,
};

/**
 * _ours_: what a creditor lets the portal promise and do to keep an agreement alive. `toleranciaDias`: the
 * business days (weekends and national holidays left out) after an instalment's due date during which paying
 * it still keeps the agreement; absent, the portal promises nothing. `moverParcelaFim`: an unpaid instalment
 * may be moved to the end (moverParcela); `alterarDiaVencimento`: the unpaid instalments may move to another
 * day of the month (alterarVencimento); both false when absent. `alteracoesPorAcordo`: how many of those two
 * changes, together, one agreement allows; 1 when absent.
 */
export const agreementRules = z.object({
  toleranciaDias: z.number().int().min(0).max(60).optional(),
  moverParcelaFim: z.boolean().optional(),
  alterarDiaVencimento: z.boolean().optional(),
  alteracoesPorAcordo: z.number().int().min(1).max(12).optional(),
  /**
   * how the creditor dates an agreement's instalments after the first: each month on the same day, or every
   * 30 days (packages/validation's instalmentDates); absent, the portal cannot say and says so
   */
  vencimentoParcelas: z.enum(['mesmo-dia', '30-dias']).optional(),
});
export type AgreementRules = z.infer<typeof agreementRules>;

/** The changes one agreement allows when its creditor does not say. */
export const AGREEMENT_CHANGES_DEFAULT = 1;

export const creditor = z.object({
  logomarca: z.string().min(1),
  nomcontratante: z.string().min(1),
  /** the creditor code (codcredor elsewhere) */
  agrupador: z.string().min(1),
  url: z.string(),
  /** missing, null or empty: the default payment type alone */
  pagamento: z
    .array(paymentType)
    .nullish()
    .transform((list) => (list?.length ? list : [{ ...DEFAULT_PAYMENT_TYPE }])),
  parcelasIndividuaisSequenciais: z.boolean(),
  /**
   * _ours_: which payment starts the five business days to lift the negative record (STJ Súmula 548): the
   * first instalment's (the single payment of an upfront agreement; the default) or the last one's.
   */
  baixaNegativacao: z.enum(['primeira-parcela', 'quitacao']).optional(),
  /** _ours_: the creditor's rules for keeping agreements alive; malformed ones are taken as absent (nothing promised) */
  regrasAcordo: agreementRules.optional().catch(undefined),
});
export type Creditor = z.infer<typeof creditor>;

export const contract = z.object({
  codcredor: z.string(),
  numcontrato: z.string().min(1),
  /** a label: contains 'Contrato' and/or 'atraso' */
  situacao: z.string(),
  quantidadeParcelas: z.number().int().nonnegative(),
  valorprincipal: moneyString,
  permiteacordo: z.boolean(),
  permiteproposta: z.boolean(),
  permitedivida: z.boolean(),
  /**
   * _ours_: the creditor says the debt is contested (a complaint, a lawsuit); absent means not. The upstream
   * still answers its debts and offers: not offering them is the portal's choice.
   */
  emDisputa: z.boolean().optional(),
});
export type Contract = z.infer<typeof contract>;

const proposalInstalment = z.object({
  numero: z.number().int().positive(),
  numContrato: z.string(),
  valorPago: moneyString,
  dataVencimento: brDate,
});

export const proposal = z.object({
  id: z.string().min(1),
  tipo: z.enum(['AV', 'AP']),
  valorPago: moneyString,
  valorEntrada: moneyString,
  quantidadeParcelas: z.number().int().nonnegative(),
  valorParcela: moneyString,
  valorTotal: moneyString,
  valorCorrigido: moneyString,
  valorDesconto: moneyString,
  porcentagemDesconto: z.string(),
  vencimento: brDate,
  dataMaxVencimento: brDate,
  /** true: settles every instalment (overdue + upcoming); false: overdue only */
  parcelasFuturas: z.boolean(),
  prestacoes: z.array(proposalInstalment),
});
export type Proposal = z.infer<typeof proposal>;

export const debtInstalment = z.object({
  id: z.string().min(1),
  contrato: z.string(),
  valorpago: moneyString,
  valorprincipal: moneyString,
  datvenci: brDate,
  validade: brDate,
  parcelaFutura: z.boolean(),
  dataMaxVencimento: brDate,
});
export type DebtInstalment = z.infer<typeof debtInstalment>;

export const instalmentStatus = z.enum(['EM ABERTO', 'PAGO', 'FUTURA']);
export type InstalmentStatus = z.infer<typeof instalmentStatus>;

export const agreementInstalment = z.object({
  id: z.string(),
  numero: z.number().int().positive(),
  status: instalmentStatus,
  dataVencimento: brDate,
  valorPago: moneyString,
  /** _ours_: the nosso número of this instalment's boleto, which `emitirBoleto` names it by */
  nossonumero: z.string().max(40).optional(),
  /** _ours_: the day the payment of a PAGO instalment was confirmed */
  dataPagamento: brDate.optional(),
});

export const agreementQueryResult = z.object({
  codigoAcordo: z.string(),
  formaPagamento: paymentMethod,
  parcelasAcordo: z.array(agreementInstalment),
  /** _ours_: whether the creditor still reports the contract's debt to the credit bureaus */
  negativado: z.boolean().optional(),
  /**
   * _ours_: 'CANCELADO' once an instalment was left unpaid past its creditor's tolerance (ATIVO when absent);
   * a cancelled agreement settles nothing any more, and none of its boletos is issued again
   */
  situacao: z.enum(['ATIVO', 'CANCELADO']).optional(),
  /** _ours_: the day a CANCELADO agreement was cancelled */
  canceladoEm: brDate.optional(),
});
export type AgreementQueryResult = z.infer<typeof agreementQueryResult>;

export const boleto = z.object({
  url: z.string(),
  linhaDigitavel: z.string(),
  qrCode: z.string().optional(),
  /**
   * _ours_: a hybrid boleto's PIX copia-e-cola for the same charge (since February 2025), whose QR image is
   * `qrCode`; `linhaDigitavel` stays the boleto's line.
   */
  pixCopiaECola: z.string().max(512).optional(),
});
export type Boleto = z.infer<typeof boleto>;

export const boletoIssueResult = z.object({
  erro: z.boolean(),
  boletos: z.array(boleto),
  nossonumero: z.string(),
});
export type BoletoIssueResult = z.infer<typeof boletoIssueResult>;

export const address = z.object({
  cep: z.string(),
  endereco: z.string(),
  numero: z.string(),
  complemento: z.string(),
  cidade: z.string(),
  uf: z.string(),
});
export type Address = z.infer<typeof address>;

/** The profile the `consulta` query returns. */
export const profile = z.object({
  nome: z.string(),
  cpfCnpj: upstreamDocument,
  dtNascimento: z.string(),
  email: z.string(),
  telefone: z.string(),
  whatsapp: z.boolean(),
  notificacao: z.boolean(),
  endereco: address.nullable(),
});
export type Profile = z.infer<typeof profile>;

export const registration = z.object({
  cpfCnpj: documentDigits,
  email: z.string(),
  nome: z.string(),
  senha: z.string().optional(),
  telefone: z.string(),
  whatsapp: z.boolean(),
  notificacao: z.boolean(),
});

export const contactCheckResult = z.object({
  countEmail: z.number().int().nonnegative(),
  countTelefone: z.number().int().nonnegative(),
});

/** The access record (acionamento) of the activation channel. */
export const accessRecord = z.object({
  dispositivo: z.enum(['mobile', 'desktop']),
  codcredor: z.string(),
  cpfcnpj: documentDigits,
  empresa: z.string(),
  idacionamento: z.number().int(),
  tipo: z.string(),
  observacao: z.string(),
  usuario: z.number().int(),
  stage: z.number().int(),
});
