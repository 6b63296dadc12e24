import type { PaymentMethod } from '@portal/contracts/upstream/entities';

// What a session keeps of a negotiation and an agreement (docs/architecture.md): typed here, below the session
// that stores it and the domains that write and read it.

/** How a page names the creditor: its code, its name and its logo through our own origin. */
export interface CreditorBrief {
  codcredor: string;
  nome: string;
  logoUrl: string | null;
}

export interface SummaryInstalment {
  contrato: string;
  contratoExibido: string;
  /** the instalment's number on its contract, when the upstream gave it (a proposal lists it) */
  numero: number | null;
  vencimento: string;
  /** the original value */
  valorCents: number;
  /** what it costs on the agreement's date (the upstream's updated value) */
  valorPagarCents: number;
  futura: boolean;
}

/**
 * A contract's standing (negotiation/contract-standing.ts decides it): an agreement live or being made on
 * it, in dispute, prescribed since its oldest unpaid instalment's due date, or open.
 */
export type ContractStanding =
  | { tipo: 'aberta' }
  | { tipo: 'prescrita'; desde: string }
  | { tipo: 'em-disputa' }
  | { tipo: 'em-acordo'; processando: boolean };

/** One payment of an agreement: when it is due and how much. */
export interface Payment {
  vencimento: string;
  valorCents: number;
}

/** The agreement summary (the old portal's `dadosResumo`), kept in the BFF session. */
export interface Summary {
  /** the idempotency key of the agreement this summary may create (one per summary) */
  chave: string;
  credor: CreditorBrief;
  contrato: string;
  contratoExibido: string;
  modo: '1' | '2';
  /** proposal id (modo '1') or instalment ids joined by ';' (modo '2') */
  idProposta: string;
  formaPagamento: PaymentMethod;
  /** paid on the portal (boleto, PIX) or on the creditor's site (card) */
  pagamentoSite: boolean;
  tipoAcordo: 'AV' | 'AP';
  /** operations per contract, instalments by due date descending then contract */
  contratos: { contrato: string; contratoExibido: string; parcelas: SummaryInstalment[] }[];
  detalhes: {
    negociacao: string | null;
    entradaCents: number | null;
    demaisParcelas: { quantidade: number; valorCents: number } | null;
    vencimento: string;
    atualizadoCents: number | null;
    descontoCents: number | null;
    totalCents: number;
  };
  /** where the summary's back arrow goes: the page and query that built it */
  retorno: string;
  /**
   * every payment, when its creditor says how it dates them ('Tudo no mesmo dia' reviews); null when it does
   * not, absent where the page shows no schedule
   */
  pagamentos?: Payment[] | null;
  /** the day of the month every instalment keeps (ours, sent with gerarBoleto): 'Tudo no mesmo dia' */
  diaVencimento?: number | undefined;
  /**
   * gerarBoleto carries `vencimento` only when this says so. Every
   * summary sets it, so the agreement is made for the date the user saw and never for a default date of
   * the upstream's own (docs/decisions/0005-mandar-vencimento.md).
   */
  mandarVencimento: boolean;
}

/** The proposals the session was offered, by id: a summary is built from these, never from the browser's numbers. */
export interface OffersRecord {
  codcredor: string;
  contrato: string;
  proposals: Record<string, ProposalView>;
  /** the original value of each instalment seen, by `originalKey`: a proposal lists only updated values */
  originals?: Record<string, number>;
}

/** 'Tudo no mesmo dia': the offers valued for one date, by `${codcredor}|${contrato}` then proposal id. */
export interface SameDayRecord {
  vencimento: string;
  /** the day of the month asked for (absent in a record kept before it was) */
  dia?: number;
  /** each offer with its payments (absent in a record kept before they were said) */
  ofertas: Record<string, Record<string, ProposalView & { pagamentos?: Payment[] | null }>>;
}

/** 'Tudo no mesmo dia' under review: one summary per contract, each with its own idempotency key. */
export interface SameDayCart {
  vencimento: string;
  itens: Summary[];
}

export interface ProposalInstalmentView {
  numero: number;
  contrato: string;
  valorCents: number;
  vencimento: string;
}

export interface ProposalView {
  id: string;
  tipo: 'AV' | 'AP';
  valorPagoCents: number;
  entradaCents: number;
  quantidadeParcelas: number;
  parcelaCents: number;
  totalCents: number;
  corrigidoCents: number;
  descontoCents: number;
  /** '25,00%' as the upstream wrote it; null when the discount is zero (hidden at 0%) */
  descontoPercentual: string | null;
  vencimento: string;
  dataMaxVencimento: string;
  /** true: settles every instalment (overdue + upcoming); false: the overdue ones only */
  parcelasFuturas: boolean;
  prestacoes: ProposalInstalmentView[];
}

/** A boleto as the browser gets it: the PDF through our own origin, never the upstream's address. */
export interface BoletoView {
  /** /api/boletos/{ref}.pdf, opened only by the session that owns the agreement */
  pdfUrl: string;
  /** 'contract_index.pdf' */
  arquivo: string;
  linhaDigitavel: string;
  /** the PIX QR image (data: URI): of the PIX when the payment is a PIX, of `pixCopiaECola` on a hybrid boleto */
  qrCode: string | null;
  /** a hybrid boleto's PIX copia-e-cola for the same charge; null for any other payment */
  pixCopiaECola: string | null;
  /** the creditor's payment page, for a card paid on its site */
  linkPagamento: string | null;
}

/** The concluded agreement or re-issue (the old portal's `dadosAcordoConcluido`), kept in the BFF session. */
export interface ConcludedAgreement {
  tipo: 'acordo' | 'reemissao';
  titulo: string;
  credor: CreditorBrief;
  contrato: string;
  contratoExibido: string;
  formaPagamento: PaymentMethod;
  pagamentoSite: boolean;
  tipoAcordo: 'AV' | 'AP';
  idProposta: string;
  modo: '1' | '2';
  nossonumero: string;
  boletos: BoletoView[];
  /** what the payment shown now charges (its boletos together) and its due date, for sharing it */
  valorCents: number;
  vencimento: string;
  /** the agreement letter: /api/cartas/{ref}.pdf, opened only by the session that owns the agreement */
  carta: { pdfUrl: string; arquivo: string };
}

/** The boleto files a session may open: ref → the upstream PDF path and the file name. */
export type BoletoFiles = Record<string, { path: string; arquivo: string }>;

export interface LetterPayment {
  /** 'Pagamento à vista', 'Entrada', 'Parcela 4', … */
  descricao: string;
  /** ISO; null when the date comes with that instalment's own boleto */
  vencimento: string | null;
  valorCents: number;
  /** the upstream's status of an agreement instalment, when known */
  situacao: 'EM ABERTO' | 'PAGO' | 'FUTURA' | null;
}

export interface LetterDebt {
  contrato: string;
  numero: number | null;
  vencimento: string;
  /** the original value */
  valorCents: number;
}

/** What a letter says; kept in the session under a random ref until the browser asks for the PDF. */
export interface AgreementLetter {
  /** the agreement's id: the nosso número of an agreement made now, the code of one in progress */
  codigoAcordo: string;
  credor: string;
  contrato: string;
  formaPagamento: PaymentMethod;
  /** ISO date */
  emitidaEm: string;
  pagamentos: LetterPayment[];
  descontoCents: number | null;
  totalCents: number;
  /** the debt instalments the agreement settles (known for an agreement made in this session) */
  negociadas: LetterDebt[];
  /** how to pay what is due now: the linha digitável, the PIX Copia e Cola or the card payment page */
  codigos: { rotulo: string; valor: string }[];
}

/** The letters a session may open: ref → what the letter says. */
export type AgreementLetters = Record<string, AgreementLetter>;

/**
 * A declaration of settlement as issued, and as the database keeps it: what it declares, fixed at its first
 * issue (the holder's name as it was then), and the PDF's bytes, which every later download gets.
 */
export interface Declaration {
  codigo: string;
  /** whose it is: a keyed pseudonym of the document (with its key's id), never the document */
  owner: string;
  titular: string;
  /** the holder's document, masked (***.982.247-**); null on declarations issued before it was kept */
  documento: string | null;
  credor: string;
  contrato: string;
  codigoAcordo: string;
  parcelas: { numero: number; pagoEm: string | null; valorCents: number }[];
  totalCents: number;
  /** the last payment's day (ISO) */
  quitadaEm: string | null;
  /** the day in Brasília (ISO date) */
  emitidaEm: string;
  /** the instant: the PDF's creation and modification dates */
  emitidaAs: Date;
  pdf: Uint8Array;
}

/** What the portal made on a contract that the upstream does not tell: the agreement's type and mode. */
export interface MadeAgreement {
  tipoAcordo: 'AV' | 'AP';
  modo: '1' | '2';
}

/** One line of 'Atividade da conta'. */
export type Activity =
  | {
      kind: 'entrada';
      forma: 'senha' | 'pergunta' | 'google' | 'cadastro';
      dispositivo: string;
      navegador: string;
    }
  | { kind: 'senha-alterada' | 'senha-redefinida' }
  | { kind: 'contato-alterado'; campos: string }
  | {
      kind: 'acordo-feito' | 'declaracao-emitida' | 'parcela-movida' | 'dia-alterado';
      credor: string;
      contrato: string;
    };

export type ActivityEntry = Activity & { at: Date };
