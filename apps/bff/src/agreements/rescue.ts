import type {
  changeScheduleInput,
  hardshipInput,
  schedulePreviewInput,
} from '@portal/contracts/procedures/agreements';
import type { AgreementQueryResult } from '@portal/contracts/upstream/entities';
import { maskContract } from '@portal/validation/contract';
import { todayInBrazil } from '@portal/validation/dates';
import { parseMoney } from '@portal/validation/money';
import type { z } from 'zod';
import { recordActivity } from '../activity/activity';
import { ownerForms, ownerOf } from '../activity/owner';
import { SHARED_MESSAGES } from '../core/messages';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import { withAgreementStanding } from '../negotiation/contract-standing';
import { contractScope, creditorBrief, creditorOf } from '../negotiation/creditors';
import type { Ports } from '../ports/ports';
import { replanReminders } from '../reminders/reminders';
import { UpstreamError } from '../upstream/errors';
import { agreementInProgress, agreementOn } from './in-progress';
import { neverSent } from './intent';
import { assertChange, type Change, previewOf, RESCUE_MESSAGES, standingOf } from './standing';

type RescuePorts = Parameters<typeof agreementInProgress>[0] & Pick<Ports, 'store' | 'limiter' | 'db'>;

/** 'Mover esta parcela para o fim do acordo' and 'Mudar o dia de pagamento': the new dates, before confirming. */
export async function schedulePreview(
  ports: RescuePorts,
  person: Person,
  input: z.output<typeof schedulePreviewInput>,
) {
  const creditor = await creditorOf(ports, person, input.codcredor);
  const agreement = await agreementOn(ports, contractScope(person, creditor.agrupador, input.contrato));
  const today = todayInBrazil();
  assertChange(creditor, agreement, input.mudanca, today);
  return previewOf(agreement, input.mudanca, today);
}

/** The schedule as a fingerprint: numbers, dates and values (a payment confirmed meanwhile changes none). */
const scheduleOf = (agreement: AgreementQueryResult) =>
  agreement.parcelasAcordo
    .map((p) => `${p.numero}:${p.dataVencimento}:${parseMoney(p.valorPago)}`)
    .sort()
    .join('|');

interface ChangeIntent {
  owner: string;
  codcredor: string;
  contrato: string;
  mudanca: Change;
  /** the schedule before the change was sent: any other one afterwards is the change made */
  before: string;
  sentAt: number;
  done?: true;
}

const changeKey = (chave: string) => `schedule-change:${chave}`;
const CHANGE_TTL_MS = 24 * 60 * 60_000;

type ChangeResult =
  | { status: 'concluido'; acordo: Awaited<ReturnType<typeof agreementInProgress>> }
  | { status: 'processando' }
  | { status: 'nenhum' };

/**
 * Confirms a change of the schedule, sent at most once per key: the upstream has no key, and a repeat of
 * `moverParcela` would move the next instalment too. The intent is claimed in the store before the send,
 * with the schedule as it was; a repeat of the key (a double tap, a reload, another instance) is answered
 * from it and never sends again. When the reply is lost, `consultaAcordo` tells: a schedule other than the
 * one before is the change made; the same one past the channel's deadline is none, and the key is freed.
 */
export async function changeSchedule(
  ports: RescuePorts,
  person: Person,
  input: z.output<typeof changeScheduleInput>,
): Promise<ChangeResult> {
  const key = changeKey(input.chave);
  const owner = ownerOf(ports, person);
  const earlier = await ports.store.get<ChangeIntent>(key);
  if (earlier) return outcomeOf(ports, person, input.chave, earlier, input);

  const creditor = await creditorOf(ports, person, input.codcredor);
  const scope = contractScope(person, creditor.agrupador, input.contrato);
  const current = await agreementOn(ports, scope);
  assertChange(creditor, current, input.mudanca, todayInBrazil());
  const intent: ChangeIntent = {
    owner,
    codcredor: input.codcredor,
    contrato: input.contrato,
    mudanca: input.mudanca,
    before: scheduleOf(current),
    sentAt: Date.now(),
  };
  if (!(await ports.store.claim(key, intent, CHANGE_TTL_MS))) {
    const claimed = await ports.store.get<ChangeIntent>(key);
    return claimed ? outcomeOf(ports, person, input.chave, claimed, input) : { status: 'processando' };
  }
  try {
    const { mudanca } = input;
    const on = { ...scope, codigoAcordo: current.codigoAcordo };
    if (mudanca.tipo === 'mover') await ports.proxy.call('moverParcela', { ...on, numero: mudanca.numero });
    else await ports.proxy.call('alterarVencimento', { ...on, dia: mudanca.dia });
  } catch (error) {
    if (neverSent(error)) {
      await ports.store.delete(key).catch(() => undefined);
      throw error;
    }
    if (error instanceof UpstreamError && error.kind === 'rejected') {
      // a refusal may come after a change was made: only the schedule read again frees the key
      const outcome = await reconcile(ports, person, input.chave, { ...intent, sentAt: 0 }).catch(
        (): ChangeResult => ({ status: 'processando' }),
      );
      if (outcome.status === 'nenhum') throw error;
      return outcome;
    }
    ports.log.warn({ kind: (error as { kind?: string }).kind }, 'schedule change outcome unknown: pending');
    return { status: 'processando' };
  }
  return done(ports, person, input.chave, intent);
}

async function done(
  ports: RescuePorts,
  person: Person,
  chave: string,
  intent: ChangeIntent,
): Promise<ChangeResult> {
  await ports.store.set(changeKey(chave), { ...intent, done: true }, CHANGE_TTL_MS);
  const acordo = await agreementInProgress(ports, person, {
    codcredor: intent.codcredor,
    contrato: intent.contrato,
  });
  // one line of 'Atividade da conta' per change, whoever found it made (the send, or a poll)
  if (await ports.store.claim(`${changeKey(chave)}:activity`, 1, CHANGE_TTL_MS).catch(() => false)) {
    await recordActivity(ports, person, {
      kind: intent.mudanca.tipo === 'mover' ? 'parcela-movida' : 'dia-alterado',
      credor: acordo.credor.nome,
      contrato: acordo.contratoExibido,
    });
  }
  // the reminders follow the new dates, by every channel; a failure there does not undo the change
  await replanReminders(ports, person).catch((err: unknown) =>
    ports.log.warn({ err }, 'reminders: not replanned after a schedule change'),
  );
  return { status: 'concluido', acordo };
}

/** A repeat of a key: its outcome, whoever asks with the same change; another change or person is refused. */
async function outcomeOf(
  ports: RescuePorts,
  person: Person,
  chave: string,
  intent: ChangeIntent,
  input?: { codcredor: string; contrato: string; mudanca: Change },
): Promise<ChangeResult> {
  const same =
    intent.owner === ownerOf(ports, person) &&
    (!input ||
      (input.codcredor === intent.codcredor &&
        input.contrato === intent.contrato &&
        JSON.stringify(input.mudanca) === JSON.stringify(intent.mudanca)));
  if (!same) throw new Refusal('conflict', RESCUE_MESSAGES.keyReused);
  if (intent.done) {
    const acordo = await agreementInProgress(ports, person, {
      codcredor: intent.codcredor,
      contrato: intent.contrato,
    });
    return { status: 'concluido', acordo };
  }
  return reconcile(ports, person, chave, intent);
}

/** The schedule read again: changed is done; unchanged past the channel's deadline is nothing, the key freed. */
async function reconcile(
  ports: RescuePorts,
  person: Person,
  chave: string,
  intent: ChangeIntent,
): Promise<ChangeResult> {
  const now = await agreementOn(ports, contractScope(person, intent.codcredor, intent.contrato));
  if (scheduleOf(now) !== intent.before) return done(ports, person, chave, intent);
  if (Date.now() - intent.sentAt < ports.config.PROXY_TIMEOUT_MS) return { status: 'processando' };
  await ports.store.delete(changeKey(chave));
  return { status: 'nenhum' };
}

/** What became of a change still processing: polled by the page, never a second send. */
export async function scheduleChangeStatus(
  ports: RescuePorts,
  person: Person,
  chave: string,
): Promise<ChangeResult> {
  const intent = await ports.store.get<ChangeIntent>(changeKey(chave));
  if (!intent) return { status: 'nenhum' };
  return outcomeOf(ports, person, chave, intent);
}

/**
 * 'Estou com dificuldade para pagar': the creditor is asked to contact the person (`solicitarContato`, ours),
 * with the reason they chose. The reason goes to that creditor only: it is not logged nor kept here.
 * Three requests per person a day.
 */
export async function requestContact(
  ports: RescuePorts,
  person: Person,
  input: z.output<typeof hardshipInput>,
) {
  const allowedNow = await ports.limiter.hit('hardship-contact', person.data.cpfCnpj, {
    max: 3,
    windowMs: 24 * 60 * 60_000,
  });
  if (!allowedNow) throw new Refusal('too-many', SHARED_MESSAGES.tooManyAttempts);
  const creditor = await creditorOf(ports, person, input.codcredor);
  const { protocolo } = await ports.proxy.call('solicitarContato', {
    ...contractScope(person, creditor.agrupador, input.contrato),
    motivo: input.motivo,
  });
  return { protocolo };
}

/** Agreements Minha conta looks at: at most this many, the newest. */
const ATTENTION_MAX = 10;

/**
 * What Minha conta warns about: the agreements the portal knows of (made here, or reminded) with an
 * instalment overdue, or cancelled upstream. Each is read apart: one the upstream fails on is left out
 * (its /acordos page shows the failure), the others still shown.
 */
export async function agreementsNeedingAttention(ports: RescuePorts, person: Person) {
  const owners = ownerForms(ports, person);
  const [made, reminded] = await Promise.all([ports.db.agreements(owners), ports.reminders.reminded(owners)]);
  const known = new Map([...made, ...reminded].map((c) => [`${c.codcredor}/${c.contrato}`, c]));
  const today = todayInBrazil();
  const read = await Promise.all(
    [...known.values()].slice(0, ATTENTION_MAX).map(async ({ codcredor, contrato }) => {
      try {
        const creditor = await creditorOf(ports, person, codcredor);
        const agreement = await agreementOn(ports, contractScope(person, creditor.agrupador, contrato));
        const standing = standingOf(creditor, agreement, today);
        if (!standing.atraso && !standing.cancelado) return [];
        return [
          {
            credor: creditorBrief(creditor),
            contrato,
            contratoExibido: maskContract(contrato),
            estado: withAgreementStanding(agreement),
            ...standing,
          },
        ];
      } catch (err) {
        ports.log.warn({ err }, 'attention: an agreement could not be read');
        return [];
      }
    }),
  );
  return read.flat();
}
