import type { ConcludedAgreement } from '../core/records';

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
