import { createHash } from 'node:crypto';
import { digitsOnly } from '@portal/validation/mask';
import { isOwner, ownerForms } from '../activity/owner';
import type { Summary } from '../core/records';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import { firstFound } from '../keys/keyring';
import { agreementNow, intentKey, releaseContract } from '../negotiation/contract-standing';
import type { Ports } from '../ports/ports';
import { type SignedInTrailPorts, trackAgreement } from '../tracking/trail';
import { UpstreamError } from '../upstream/errors';
import { rememberMade } from './made-agreements';
import { AGREEMENT_MESSAGES, type CreateResult, type IntentStatus } from './types';

/**
 * One summary's agreement creation, keyed by the summary's `chave`. It is written before `gerarBoleto`
 * is sent and is never taken over: the upstream knows no idempotency key, so a second send is allowed
 * only once the intent is proven to have made nothing.
 */
export interface Intent {
  /** the person's pseudonym (under the key of the time): another person presenting the key learns nothing */
  owner: string;
  /** what the request asked for (its delivery contacts), as a hash */
  body: string;
  summary: Summary;
  /** the agreement the contract had before the send (`consultaAcordo`), null when none */
  before: string | null;
  /** when `gerarBoleto` was sent: the upstream acts on it within the channel's limit, or never */
  sentAt: number;
  /**
   * the upstream answered with an error ('recusa') or an `erro: true` reply ('erro'): it is done with the
   * message, so the intent is reconciled at once, without waiting for the channel's limit
   */
  answered?: 'recusa' | 'erro';
  /** the outcome, once known */
  result?: CreateResult;
}

// In flight, a record outlives the channel's 195 s limit by far; once settled, a repeat of the key gets
// the first result for two days (24 h at least).
export const INTENT_TTL_MS = 48 * 60 * 60 * 1000;
// After the channel's limit, a moment for a reply already on its way before the upstream is asked.
const RECONCILE_MARGIN_MS = 1_000;
// One reconciliation at a time per intent, across instances.
const RECONCILE_CLAIM_MS = 10_000;

/** What recording an intent's outcome reaches: the store, the session's slots, the trail. */
type SettlePorts = Pick<Ports, 'store' | 'sessions' | 'keys'> & SignedInTrailPorts;
/** What reading and reconciling an intent reaches besides: the proxy, the owner's keys, the channel's limit. */
export type ReconcilePorts = SettlePorts & Pick<Ports, 'proxy' | 'keys' | 'config' | 'log' | 'db'>;

/** The person's latest intent still processing, for their other sessions and devices to find. */
export const pendingKey = (owner: string) => `agreement-pending:${owner}`;
export const bodyOf = (input: { email?: string | undefined; telefone?: string | undefined }) =>
  createHash('sha256')
    .update(JSON.stringify([input.email ?? '', digitsOnly(input.telefone ?? '')]))
    .digest('hex');

/**
 * What an intent has come to: its outcome, or that it is being processed. A key is its
 * owner's alone (written under whichever configured key), and the same key with other delivery contacts is
 * refused (422) rather than answered with a result it did not ask for.
 */
export function answerOf(
  ports: Pick<Ports, 'keys'>,
  person: Person,
  intent: Intent,
  body?: string,
): CreateResult {
  if (!isOwner(ports, person, intent.owner)) throw new Refusal('precondition', AGREEMENT_MESSAGES.noSummary);
  if (body !== undefined && intent.body !== body)
    throw new Refusal('unprocessable', AGREEMENT_MESSAGES.keyReused);
  return intent.result ?? { status: 'processando' };
}

/** The code of the agreement on the summary's contract, null when it has none. */
export async function agreementCodeOn(
  ports: Pick<Ports, 'proxy'>,
  person: Person,
  summary: Summary,
): Promise<string | null> {
  return (
    (await agreementNow(ports, person, summary.credor.codcredor, summary.contrato))?.codigoAcordo ?? null
  );
}

/** The contract a summary concludes, as the claim on it names it. */
export const contractOf = (summary: Summary) => ({
  codcredor: summary.credor.codcredor,
  contrato: summary.contrato,
});

/** A request that never left the BFF: nothing was made, the key may be sent again. */
export const neverSent = (error: unknown) => error instanceof UpstreamError && error.details.unsent === true;

/**
 * An error the upstream itself answered (a refusal, a server error, `Token expirado`): it is done with the
 * message, but may have made the agreement before failing, so only `consultaAcordo` can free the key.
 */
export const answeredWithError = (error: unknown) =>
  error instanceof UpstreamError && (error.kind === 'rejected' || error.kind === 'token-expired');

/**
 * Records the outcome the intent came to, then what follows it in this session: the summary is done
 * with, and a made agreement goes to the trail (once: only the one who settles the intent gets here).
 */
export async function settle(
  ports: SettlePorts,
  person: Person,
  chave: string,
  intent: Intent,
  result: CreateResult,
) {
  await ports.store.set(intentKey(chave), { ...intent, result } satisfies Intent, INTENT_TTL_MS);
  await forgetPending(ports, intent.owner, chave);
  // no longer being made: what the contract has now is the upstream's to say
  await releaseContract(ports, person, contractOf(intent.summary), chave).catch(() => undefined);
  const { sessions } = ports;
  if ((await sessions.read(person, 'summary'))?.chave === chave) await sessions.clear(person, 'summary');
  if (result.status === 'concluido' || result.status === 'registrado')
    trackAgreement(ports, person, intent.summary);
}

/**
 * The state of an intent, for the page that polls it. Past the upstream's deadline for the send, an
 * intent still unknown is reconciled: a new agreement on its contract is the one it made; none proves
 * it made nothing, and its key is freed to be sent again.
 */
export async function intentStatus(
  ports: ReconcilePorts,
  person: Person,
  chave: string,
): Promise<IntentStatus> {
  const intent = await ports.store.get<Intent>(intentKey(chave));
  return intent ? statusOf(ports, person, chave, intent) : { status: 'nenhum' };
}

/** An intent's state, from its record already read; reconciled once the upstream is done with the send. */
async function statusOf(
  ports: ReconcilePorts,
  person: Person,
  chave: string,
  intent: Intent,
): Promise<IntentStatus> {
  const answer = answerOf(ports, person, intent);
  if (answer.status !== 'processando') {
    if (answer.status === 'concluido') await ports.sessions.write(person, 'agreement', answer.acordo);
    return answer;
  }
  // Without an answer, the upstream is done with the send only past the channel's limit.
  const deadline = intent.sentAt + ports.config.PROXY_TIMEOUT_MS + RECONCILE_MARGIN_MS;
  if (!intent.answered && Date.now() < deadline) return answer;
  return reconcile(ports, person, chave, intent);
}

/**
 * Asks the upstream what the intent's contract has now, one caller at a time: an agreement that was not
 * there before the send is the intent's ('registrado'); none proves it made nothing, and only then is the
 * key freed — with 'erro' when the upstream had answered `erro: true` (the failure page follows), else
 * 'nenhum'. When the upstream cannot be asked, the intent stays 'processando' and is asked about again.
 */
export async function reconcile(
  ports: ReconcilePorts,
  person: Person,
  chave: string,
  intent: Intent,
): Promise<IntentStatus> {
  const { store } = ports;
  const key = intentKey(chave);
  const processing = { status: 'processando' } as const;
  if ((await store.increment(`${key}:reconciling`, RECONCILE_CLAIM_MS)) > 1) return processing;
  const now = await agreementCodeOn(ports, person, intent.summary).catch(() => undefined);
  // The upstream could not be asked: still unknown, asked again at the next poll.
  if (now === undefined) {
    await store.delete(`${key}:reconciling`).catch(() => undefined);
    return processing;
  }
  const { summary } = intent;
  if (now !== null && now !== intent.before) {
    ports.log.info({ answered: intent.answered ?? null }, 'agreement intent reconciled: made upstream');
    await rememberMade(ports, person, summary);
    const result: CreateResult = {
      status: 'registrado',
      codcredor: summary.credor.codcredor,
      contrato: summary.contrato,
      logoUrl: summary.credor.logoUrl,
    };
    await settle(ports, person, chave, intent, result);
    return result;
  }
  ports.log.info({}, 'agreement intent reconciled: nothing made, the key is free');
  await store.delete(key);
  await forgetPending(ports, intent.owner, chave);
  await releaseContract(ports, person, contractOf(summary), chave).catch(() => undefined);
  await store.delete(`${key}:reconciling`).catch(() => undefined);
  return intent.answered === 'erro' ? { status: 'erro' } : { status: 'nenhum' };
}

/** The intent no longer processing is no longer the person's pending one (unless a newer one is). */
async function forgetPending(ports: Pick<Ports, 'store'>, owner: string, chave: string) {
  const { store } = ports;
  if ((await store.get<string>(pendingKey(owner))) === chave) await store.delete(pendingKey(owner));
}

/**
 * The person's agreement still processing, in any of their sessions or devices: which creditor and
 * contract, for Minha conta to say so. Asking reconciles it past the deadline, as the summary page does.
 */
export async function pendingAgreement(
  ports: ReconcilePorts,
  person: Person,
): Promise<{ credor: Summary['credor']; contratoExibido: string } | null> {
  const { store } = ports;
  // under the owner's pseudonym of the key it was written with
  const chave = (await firstFound(ownerForms(ports, person), (owner) => store.get<string>(pendingKey(owner))))
    ?.value;
  const intent = chave ? await store.get<Intent>(intentKey(chave)) : undefined;
  if (!chave || !intent || !isOwner(ports, person, intent.owner)) return null;
  if ((await statusOf(ports, person, chave, intent)).status !== 'processando') return null;
  return { credor: intent.summary.credor, contratoExibido: intent.summary.contratoExibido };
}
