import { DUE_DAY_MAX } from '@portal/validation/dates';
import { z } from 'zod';
import {
  agreementInstalment,
  agreementQueryResult,
  boleto,
  boletoIssueResult,
  contract,
  creditor,
  debtInstalment,
  paymentType,
  proposal,
} from './entities';
import { brDate, documentDigits } from './wire';

/**
 * The proxy channel: one WebSocket per BFF instance; every request carries an `idRequest`
 * that its reply repeats. The user's upstream token travels in each request so the upstream
 * answers only for the document that token belongs to.
 */
const requestBase = z.object({
  idRequest: z.string().min(1).max(100),
  app: z.string(),
  cpfcnpj: documentDigits,
  token: z.string().min(1),
});

const consultaDebitoRequest = requestBase.extend({ metodo: z.literal('consultaDebito') });

/** The contracts a creditor holds for the document (consultaContrato). */
const consultaContratoRequest = requestBase.extend({
  metodo: z.literal('consultaContrato'),
  codcredor: z.string().min(1).max(20),
  logomarca: z.string().max(500),
  url: z.string().max(500),
  parcelasIndividuaisSequenciais: z.boolean(),
  pagamento: z.array(paymentType).max(10),
});

const contractScope = {
  codcredor: z.string().min(1).max(20),
  contrato: z.string().min(1).max(40),
};

/** A contract's open instalments, their values updated to `vencimento` (consultaDivida). */
const consultaDividaRequest = requestBase.extend({
  metodo: z.literal('consultaDivida'),
  ...contractScope,
  vencimento: brDate.optional(),
});

/** The AV and AP offers for a contract, for payment on `vencimento` (consultaProposta). */
const consultaPropostaRequest = requestBase.extend({
  metodo: z.literal('consultaProposta'),
  ...contractScope,
  vencimento: brDate.optional(),
});

/** The agreement in progress on a contract (consultaAcordo). */
const consultaAcordoRequest = requestBase.extend({
  metodo: z.literal('consultaAcordo'),
  ...contractScope,
});

/** Where the boletos go: 'email;sms', 'email' or 'sms', and the matching addresses joined by ';'. */
const delivery = {
  canalrecebimento: z.enum(['email;sms', 'email', 'sms']),
  destinorecebimento: z.string().min(1).max(300),
};

/**
 * Creates the agreement and issues its boletos (gerarBoleto). `idproposta` is the proposal id
 * (modo '1') or the instalment ids joined by ';' (modo '2'). _Ours_, optional: `chave`, the portal's
 * intent key. The real upstream ignores it and makes an agreement for every request it accepts. _Ours_,
 * optional: `diaVencimento`, the day of the month the person chose, which a creditor that dates every
 * instalment on the same day keeps when the first had to move past a weekend or holiday.
 */
export const gerarBoletoRequest = requestBase.extend({
  metodo: z.literal('gerarBoleto'),
  ...contractScope,
  formapagamento: z.union([z.literal(1), z.literal(2), z.literal(4)]),
  idproposta: z.string().min(1).max(2000),
  modo: z.enum(['1', '2']),
  ...delivery,
  vencimento: brDate.optional(),
  chave: z.string().min(16).max(100).optional(),
  diaVencimento: z.number().int().min(1).max(31).optional(),
});

/**
 * Re-issues the boleto of an agreement instalment (emitirBoleto): one channel a call, 'email' or 'sms',
 * to one address; `nossonumero` is that boleto's own, and `formapagamento` goes with an e-mail only.
 */
export const emitirBoletoRequest = requestBase.extend({
  metodo: z.literal('emitirBoleto'),
  ...contractScope,
  idproposta: z.string().min(1).max(2000),
  modo: z.enum(['1', '2']),
  canalrecebimento: z.enum(['email', 'sms']),
  destinorecebimento: delivery.destinorecebimento,
  nossonumero: z.string().max(40),
  formapagamento: z.union([z.literal(1), z.literal(2), z.literal(4)]).optional(),
});

const agreementScope = { ...contractScope, codigoAcordo: z.string().min(1).max(40) };

/**
 * _Ours_: moves the unpaid instalment `numero` (not the last) to the end of the agreement (moverParcela): the
 * later ones take the number before theirs, keeping their dates and values, and the last number gets the
 * moved value, due 30 days after the former last date (a business day forward). No key: every request
 * accepted moves again.
 */
const moverParcelaRequest = requestBase.extend({
  metodo: z.literal('moverParcela'),
  ...agreementScope,
  numero: z.number().int().positive(),
});

/**
 * _Ours_: every unpaid instalment falls due on day `dia` (1–28) of the month from the next such day on, a
 * business day forward when it is not one (alterarVencimento; the dates are `monthlyOnDay`'s). No key.
 */
const alterarVencimentoRequest = requestBase.extend({
  metodo: z.literal('alterarVencimento'),
  ...agreementScope,
  dia: z.number().int().min(1).max(DUE_DAY_MAX),
});

/** _Ours_: why a person asks the creditor to call them about a contract they cannot keep paying. */
export const contactReason = z.enum(['desemprego', 'doenca', 'reducao-renda', 'luto', 'outro']);
export type ContactReason = z.infer<typeof contactReason>;

/** _Ours_: asks the creditor to contact the person about a contract (solicitarContato); answers a protocol. */
const solicitarContatoRequest = requestBase.extend({
  metodo: z.literal('solicitarContato'),
  ...contractScope,
  motivo: contactReason,
});

export const proxyRequest = z.discriminatedUnion('metodo', [
  consultaDebitoRequest,
  consultaContratoRequest,
  consultaDividaRequest,
  consultaPropostaRequest,
  consultaAcordoRequest,
  gerarBoletoRequest,
  emitirBoletoRequest,
  moverParcelaRequest,
  alterarVencimentoRequest,
  solicitarContatoRequest,
]);
export type ProxyRequest = z.infer<typeof proxyRequest>;
export type ProxyMethod = ProxyRequest['metodo'];

/** Every reply: `retorno` 0 is success; `err` with `msg` is a failure. */
export const proxyReply = z.object({
  idRequest: z.string(),
  metodo: z.string(),
  err: z.boolean(),
  msg: z.string().optional(),
  retorno: z.number().int(),
  retornotexto: z.string(),
  data: z.unknown().optional(),
});
export type ProxyReply = z.infer<typeof proxyReply>;

/** A well-formed consultaDebito reply: every creditor as `creditor` describes it. */
export const consultaDebitoData = z.object({ credor: z.array(creditor) });

/**
 * consultaDebito as a reader takes it: the list, whose entries the reader parses one at a time with
 * `creditor`, so that one malformed creditor leaves the others to be shown.
 */
const consultaDebitoEntries = z.object({ credor: z.array(z.unknown()) });

export const consultaContratoData = z.object({ contratos: z.array(contract) });
export const consultaDividaData = z.object({ dividas: z.array(debtInstalment) });
export const consultaPropostaData = z.object({ propostas: z.array(proposal) });
const emitirBoletoData = z.object({ erro: z.boolean(), boletos: z.array(boleto) });
/** moverParcela's and alterarVencimento's reply: the agreement's instalments as they are now. */
const agreementChangeData = z.object({ parcelasAcordo: z.array(agreementInstalment) });
const solicitarContatoData = z.object({ protocolo: z.string().min(1).max(40) });

/** What a method's successful reply carries in `data`. */
export const proxyReplyData = {
  consultaDebito: consultaDebitoEntries,
  consultaContrato: consultaContratoData,
  consultaDivida: consultaDividaData,
  consultaProposta: consultaPropostaData,
  consultaAcordo: agreementQueryResult,
  gerarBoleto: boletoIssueResult,
  emitirBoleto: emitirBoletoData,
  moverParcela: agreementChangeData,
  alterarVencimento: agreementChangeData,
  solicitarContato: solicitarContatoData,
} as const satisfies Record<ProxyMethod, z.ZodType>;

/** The reply ('Erro de timeout', retorno 99) a request gets when the upstream does not answer in time. */
export const PROXY_TIMEOUT_REPLY = {
  err: true,
  msg: 'Erro de timeout',
  retorno: 99,
  retornotexto: 'O front-end não obteve resposta da API.',
} as const;

export const PROXY_RETORNO = { ok: 0, notFound: 1, tokenExpired: 2, error: 9, timeout: 99 } as const;

/**
 * _Ours_: moverParcela's and alterarVencimento's refusal (retorno 9) of a change the agreement does not allow:
 * the creditor's rule, an instalment paid, the last or unknown, a cancelled agreement, its changes used up.
 */
export const AGREEMENT_CHANGE_REFUSED = 'Operação não permitida para este acordo.';

/** gerarBoleto's refusal of a payment method the creditor does not take; the BFF says the same before asking. */
export const METHOD_REFUSED = 'Forma de pagamento não disponível para este credor.';
