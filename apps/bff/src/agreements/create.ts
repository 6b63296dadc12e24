import type { createAgreementInput } from '@portal/contracts/procedures/agreements';
import { type BoletoIssueResult, PAYMENT_METHOD_CODE } from '@portal/contracts/upstream/entities';
import { formatBrDate, todayInBrazil } from '@portal/validation/dates';
import type { z } from 'zod';
import { ownerOf } from '../activity/owner';
import type { ConcludedAgreement, Summary } from '../core/records';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import {
  assertNegotiable,
  claimContract,
  intentKey,
  releaseContract,
  STANDING_MESSAGES,
} from '../negotiation/contract-standing';
import { contractScope } from '../negotiation/creditors';
import { summaryWithKey } from '../negotiation/same-day';
import type { Ports } from '../ports/ports';
import type { UpstreamError } from '../upstream/errors';
import { letterOfSummary } from './agreement-letter';
import { boletoViews, letterFile } from './boleto-files';
import { deliveryOf } from './delivery';
import {
  answeredWithError,
  answerOf,
  bodyOf,
  contractOf,
  INTENT_TTL_MS,
  type Intent,
  neverSent,
  pendingKey,
  type ReconcilePorts,
  reconcile,
  settle,
} from './intent';
import { rememberMade } from './made-agreements';
import { AGREEMENT_MESSAGES, type CreateResult, type IntentStatus } from './types';

/** What concluding an agreement reaches: the intent's ports, and the profile's contacts upstream. */
type CreatePorts = ReconcilePorts & Pick<Ports, 'upstream'>;

/**
 * Concludes the agreement of the session's summary (proxy `gerarBoleto`), sent at most once per key.
 * The intent is recorded before the send; a repeat of the key (a reload, another instance) is answered
 * from it — 409 while it is in flight — and never sends again. When the reply does not come (timeout,
 * lost socket, a Redis blip after the upstream's success), the intent is 'processando' and the page
 * polls it until it is reconciled. An error reply is no proof that nothing was made: the intent is
 * reconciled with `consultaAcordo` before its key is freed, and stays 'processando' until it can be.
 */
export async function createAgreement(
  ports: CreatePorts,
  person: Person,
  input: z.output<typeof createAgreementInput>,
): Promise<CreateResult> {
  const { store, proxy } = ports;
  const key = intentKey(input.chave);
  const owner = ownerOf(ports, person);
  const body = bodyOf(input);
  // A repeat is answered from the record: its outcome, or 409 while it is still processing.
  const repeat = (intent: Intent | undefined): CreateResult => {
    const answer = intent ? answerOf(ports, person, intent, body) : ({ status: 'processando' } as const);
    if (answer.status === 'processando') throw new Refusal('conflict', AGREEMENT_MESSAGES.inProgress);
    return answer;
  };
  const earlier = await store.get<Intent>(key);
  if (earlier) return repeat(earlier);

  const summary = await summaryWithKey(ports, person, input.chave);
  if (!summary) {
    throw new Refusal('precondition', AGREEMENT_MESSAGES.noSummary);
  }
  const delivery = await deliveryOf(ports, person, input.email || undefined, input.telefone || undefined);
  const claimed: Intent = { owner, body, summary, before: null, sentAt: Date.now() };
  if (!(await store.claim(key, claimed, INTENT_TTL_MS))) return repeat(await store.get<Intent>(key));
  const on = contractOf(summary);
  let intent: Intent;
  try {
    // One agreement per contract at a time: this intent claims the contract, then the contract's standing is
    // asked afresh (in dispute, or an agreement made since, is refused). What the contract has before the
    // send: an agreement that appears after it is this intent's.
    if (!(await claimContract(ports, person, on, input.chave, INTENT_TTL_MS)))
      throw new Refusal('precondition', STANDING_MESSAGES.processing);
    const { agreement } = await assertNegotiable(ports, person, on, input.chave);
    intent = { ...claimed, before: agreement?.codigoAcordo ?? null, sentAt: Date.now() };
    await store.set(key, intent, INTENT_TTL_MS);
  } catch (error) {
    // nothing was sent: the key and the contract are free again
    await releaseContract(ports, person, on, input.chave).catch(() => undefined);
    await store.delete(key).catch(() => undefined);
    throw error;
  }
  // Found by the person's other sessions while it processes (a failure here only hides it there).
  await store.set(pendingKey(owner), input.chave, INTENT_TTL_MS).catch(() => undefined);

  let reply: BoletoIssueResult;
  try {
    reply = await proxy.call('gerarBoleto', {
      ...contractScope(person, summary.credor.codcredor, summary.contrato),
      formapagamento: PAYMENT_METHOD_CODE[summary.formaPagamento],
      idproposta: summary.idProposta,
      modo: summary.modo,
      ...delivery,
      // the date the user saw, when the summary says to send it (it always does: decision 0005)
      ...(summary.mandarVencimento ? { vencimento: formatBrDate(summary.detalhes.vencimento) } : {}),
      ...(summary.diaVencimento ? { diaVencimento: summary.diaVencimento } : {}),
      chave: summary.chave,
    });
  } catch (error) {
    if (neverSent(error)) {
      // The upstream never got it: nothing was made, so the key and the contract are free for another try.
      await releaseContract(ports, person, on, input.chave).catch(() => undefined);
      await store.delete(key).catch(() => undefined);
      throw error;
    }
    if (answeredWithError(error)) {
      const outcome = await afterErrorReply(ports, person, input.chave, intent, 'recusa');
      // Proven to have made nothing: the upstream's own message; 'Token expirado' ends the session.
      if (outcome.status === 'nenhum' || (error as UpstreamError).kind === 'token-expired') throw error;
      return outcome;
    }
    // No answer (timeout, lost socket, a reply off contract): the upstream may have made it.
    ports.log.warn({ kind: (error as { kind?: string }).kind }, 'agreement outcome unknown: pending');
    return { status: 'processando' };
  }
  if (reply.erro) {
    const outcome = await afterErrorReply(ports, person, input.chave, intent, 'erro');
    // Proven to have made nothing: the failure page (/erro-efetivacao), the key free for another try.
    return outcome.status === 'nenhum' ? { status: 'erro' } : outcome;
  }

  try {
    const result = await concluded(ports, person, summary, reply);
    await settle(ports, person, input.chave, intent, result);
    return result;
  } catch (error) {
    // Made upstream but not recorded here (the store failed): pending, and reconciled, never re-sent.
    ports.log.warn({ err: (error as Error).message }, 'agreement made but not recorded: pending');
    return { status: 'processando' };
  }
}

/**
 * The upstream answered with an error, which it may have sent after making the agreement: the intent is
 * marked answered (so any poll may reconcile it at once, without the channel's deadline) and reconciled
 * now. 'registrado' when the agreement exists; 'erro' or 'nenhum' (the key freed) when it is proven
 * absent; 'processando' while the upstream cannot be asked.
 */
async function afterErrorReply(
  ports: ReconcilePorts,
  person: Person,
  chave: string,
  intent: Intent,
  answered: NonNullable<Intent['answered']>,
): Promise<IntentStatus> {
  const marked: Intent = { ...intent, answered };
  ports.log.info({ answered }, 'agreement answered with an error: reconciling');
  try {
    await ports.store.set(intentKey(chave), marked, INTENT_TTL_MS);
  } catch {
    // Unmarked, the intent is still reconciled: by the polls, past the channel's deadline.
    return { status: 'processando' };
  }
  return reconcile(ports, person, chave, marked).catch((): IntentStatus => ({ status: 'processando' }));
}

/** The concluded agreement the session shows (/acordo-concluido), from the upstream's reply. */
async function concluded(
  ports: Pick<Ports, 'sessions' | 'store' | 'keys' | 'log' | 'db'>,
  person: Person,
  summary: Summary,
  reply: BoletoIssueResult,
): Promise<CreateResult> {
  await rememberMade(ports, person, summary);
  const boletos = await boletoViews(ports, person, summary.formaPagamento, summary.contrato, reply.boletos);
  const acordo: ConcludedAgreement = {
    tipo: 'acordo',
    titulo: AGREEMENT_MESSAGES.defaultTitle,
    credor: summary.credor,
    contrato: summary.contrato,
    contratoExibido: summary.contratoExibido,
    formaPagamento: summary.formaPagamento,
    pagamentoSite: summary.pagamentoSite,
    tipoAcordo: summary.tipoAcordo,
    idProposta: summary.idProposta,
    modo: summary.modo,
    nossonumero: reply.nossonumero,
    boletos,
    // what the boletos issued now charge: a plan's entry, else the whole
    valorCents: summary.detalhes.entradaCents ?? summary.detalhes.totalCents,
    vencimento: summary.detalhes.vencimento,
    carta: await letterFile(
      ports,
      person,
      letterOfSummary(summary, reply.nossonumero, boletos, todayInBrazil()),
    ),
  };
  await ports.sessions.write(person, 'agreement', acordo);
  return { status: 'concluido', acordo };
}
