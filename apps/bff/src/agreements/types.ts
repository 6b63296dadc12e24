import type { PaymentMethod } from '@portal/contracts/upstream/entities';
import type { CreditorBrief } from '../negotiation/summary';

export const AGREEMENT_MESSAGES = {
  noSummary: 'Não encontramos o resumo do seu acordo. Comece a negociação novamente.',
  noContact: 'Informe um e-mail ou um celular para receber o boleto.',
  noAgreement: 'Não encontramos o acordo. Volte para Minha Conta.',
  sent: 'Suas informações foram enviadas com sucesso.',
  inProgress: 'Seu acordo está sendo processado. Aguarde um instante e consulte Minha Conta.',
  keyReused: 'Este acordo já foi concluído com outros dados de envio. Consulte Minha Conta.',
  issueFailed: 'Ocorreu um erro ao solicitar sua requisição.',
  nothingToIssue: 'Não há boletos a emitir para este acordo. Consulte Minha Conta.',
  defaultTitle: 'Parabéns, acordo concluído com sucesso!',
  reissueTitle: 'Pagamento gerado com sucesso!',
} as const;

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

/**
 * What an agreement intent came to, as the person is told: concluded here, refused by the upstream
 * ('erro'), found made upstream when its reply was lost ('registrado': its boleto is issued from
 * /acordos), or still unknown ('processando': the intent is polled until the upstream's deadline lets it be
 * reconciled).
 */
export type CreateResult =
  | { status: 'concluido'; acordo: ConcludedAgreement }
  | { status: 'erro' }
  | { status: 'registrado'; codcredor: string; contrato: string; logoUrl: string | null }
  | { status: 'processando' };

/** An intent's state as the poll reads it; 'nenhum': nothing is under way for the key, it may be sent. */
export type IntentStatus = CreateResult | { status: 'nenhum' };

/** 'sem-boletos': the upstream had nothing left to issue, so the agreement shown before is forgotten. */
export type ReissueResult = { status: 'concluido'; acordo: ConcludedAgreement } | { status: 'sem-boletos' };

/** `ok: false` is the same as 'sem-boletos': nothing left to send, and the agreement is forgotten. */
export type SendResult = { ok: boolean; message: string };

/** The boleto files a session may open: ref → the upstream PDF path and the file name. */
export type BoletoFiles = Record<string, { path: string; arquivo: string }>;
