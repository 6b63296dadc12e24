import type {
  chooseRemindersInput,
  pushEndpointInput,
  pushSubscriptionInput,
  remindAgreementInput,
  reminderTargetInput,
} from '@portal/contracts/procedures/reminders';
import {
  DEFAULT_REMINDER_DAYS,
  REMINDER_MESSAGES,
  REMINDER_PAUSE_DAYS,
} from '@portal/contracts/procedures/reminders';
import type { ScheduledNotice } from '@portal/contracts/upstream/account';
import type { AgreementQueryResult } from '@portal/contracts/upstream/entities';
import { PROXY_RETORNO } from '@portal/contracts/upstream/proxy-channel';
import { isValidPhone } from '@portal/validation/phone';
import type { z } from 'zod';
import { ownerForms, ownerOf } from '../activity/owner';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import type { Channel, ReminderChoice } from '../db/reminders';
import { contractScope, creditorBrief, creditorOf } from '../negotiation/creditors';
import { isoOf } from '../negotiation/views';
import type { Ports } from '../ports/ports';
import { UpstreamError } from '../upstream/errors';
import { outOfQuietHours, plannedReminders, reminderText, type SendWindow } from './schedule';

const DAY_MS = 24 * 60 * 60_000;

type ReminderPorts = Pick<
  Ports,
  'reminders' | 'push' | 'keys' | 'upstream' | 'proxy' | 'sessions' | 'log' | 'config'
>;
type Contract = { codcredor: string; contrato: string };

/** The channels this person can be reminded by: push with VAPID keys, e-mail and SMS when the upstream has /avisos and the contact is on file. */
async function channelsFor(ports: Pick<Ports, 'push' | 'upstream'>, person: Person): Promise<Channel[]> {
  const available: Channel[] = ports.push ? ['push'] : [];
  const notices = await ports.upstream.notices(person.data.token);
  if (notices === null) return available;
  const profile = await ports.upstream.profile(person.data.token);
  if (profile.email) available.push('email');
  if (isValidPhone(profile.telefone)) available.push('sms');
  return available;
}

/** What the Notificações page and 'Quero ser lembrado' show: what is offered, and what the person chose. */
export async function reminderSettings(ports: ReminderPorts, person: Person) {
  const owners = ownerForms(ports, person);
  const [disponiveis, choice, reminded] = await Promise.all([
    channelsFor(ports, person),
    ports.reminders.choice(owners),
    ports.reminders.reminded(owners),
  ]);
  const paused = choice?.pausedUntil && choice.pausedUntil > new Date() ? choice.pausedUntil : null;
  return {
    disponiveis,
    pushChave: ports.push?.publicKey ?? null,
    canais: choice?.canais.filter((c) => disponiveis.includes(c)) ?? disponiveis.filter((c) => c !== 'sms'),
    dias: choice?.dias ?? [...DEFAULT_REMINDER_DAYS],
    pausadoAte: paused ? paused.toISOString() : null,
    parado: choice?.stopped ?? false,
    lembrados: reminded.length,
  };
}

const sendWindowOf = (config: Ports['config']): SendWindow => ({
  quiet: config.REMINDER_QUIET_HOURS,
  sendHour: config.REMINDER_SEND_HOUR,
});

/** A notice due now reaches the upstream a moment later: it is scheduled a minute ahead, never in the past. */
const NOTICE_MARGIN_MS = 60_000;
const noticeTime = (sendAt: Date, now: Date, { quiet }: SendWindow) =>
  sendAt.getTime() - now.getTime() >= NOTICE_MARGIN_MS
    ? sendAt
    : outOfQuietHours(new Date(now.getTime() + NOTICE_MARGIN_MS), quiet);

/** The agreement's instalments still to pay, or none when the upstream cancelled it. */
const openInstalments = (agreement: AgreementQueryResult) =>
  agreement.situacao === 'CANCELADO'
    ? []
    : agreement.parcelasAcordo
        .filter((p) => p.status !== 'PAGO')
        .map((p) => ({ numero: p.numero, vencimento: isoOf(p.dataVencimento) }));

/** The agreement on a contract; null when the upstream has none there any more (ended, paid off). */
async function agreementOrNone(ports: ReminderPorts, person: Person, on: Contract) {
  try {
    return await ports.proxy.call('consultaAcordo', contractScope(person, on.codcredor, on.contrato));
  } catch (err) {
    if (err instanceof UpstreamError && err.details.retorno === PROXY_RETORNO.notFound) return null;
    throw err;
  }
}

/**
 * Every reminder of the person's agreements, from their choice: push reminders in the database, e-mail and
 * SMS notices scheduled upstream (the whole list, which replaces the last). A pause leaves out what falls
 * in it; a stop leaves nothing.
 */
async function reschedule(ports: ReminderPorts, person: Person, choice: ReminderChoice) {
  const owner = ownerOf(ports, person);
  const owners = ownerForms(ports, person);
  const now = new Date();
  const window = sendWindowOf(ports.config);
  const active = !choice.stopped;
  const after = (at: Date) => active && (!choice.pausedUntil || at >= choice.pausedUntil);
  const notices: ScheduledNotice[] = [];
  for (const on of await ports.reminders.reminded(owners)) {
    const creditor = await creditorOf(ports, person, on.codcredor);
    const credor = creditorBrief(creditor).nome;
    const agreement = await agreementOrNone(ports, person, on);
    if (!agreement) {
      await ports.reminders.plan(owner, owners, on, []);
      continue;
    }
    const planned = plannedReminders(openInstalments(agreement), choice.dias, credor, now, window).filter(
      (p) => after(p.sendAt),
    );
    await ports.reminders.plan(owner, owners, on, choice.canais.includes('push') ? planned : []);
    for (const canal of ['email', 'sms'] as const) {
      if (!choice.canais.includes(canal)) continue;
      for (const p of planned) {
        notices.push({
          id: `${agreement.codigoAcordo}-${p.numero}-${p.dias}-${canal}`,
          canal,
          enviarEm: noticeTime(p.sendAt, now, window).toISOString(),
          codcredor: on.codcredor,
          contrato: on.contrato,
          codigoAcordo: agreement.codigoAcordo,
          numero: p.numero,
          texto: reminderText(p.numero, credor, p.dias),
        });
      }
    }
  }
  // an upstream without /avisos answers 404: it gets none, and those channels are not offered
  await ports.upstream.scheduleNotices(person.data.token, notices);
}

async function keep(ports: ReminderPorts, person: Person, choice: ReminderChoice) {
  await ports.reminders.choose(ownerOf(ports, person), ownerForms(ports, person), choice, new Date());
  await reschedule(ports, person, choice);
  return reminderSettings(ports, person);
}

/** After a change of an agreement's dates: every reminder of the person follows, by every channel. */
export async function replanReminders(ports: ReminderPorts, person: Person) {
  const choice = await ports.reminders.choice(ownerForms(ports, person));
  if (choice) await reschedule(ports, person, choice);
}

/** Only what is offered: a channel chosen that this person cannot get is refused. */
async function offered(ports: ReminderPorts, person: Person, canais: Channel[]) {
  const available = await channelsFor(ports, person);
  if (!canais.every((c) => available.includes(c)))
    throw new Refusal('bad-request', REMINDER_MESSAGES.noChannel);
}

/** 'Quero ser lembrado' on an agreement: it joins the reminded ones, with the channels and days chosen. */
export async function remindAgreement(
  ports: ReminderPorts,
  person: Person,
  input: z.output<typeof remindAgreementInput>,
) {
  await offered(ports, person, input.canais);
  await creditorOf(ports, person, input.codcredor);
  await ports.reminders.remind(
    ownerOf(ports, person),
    { codcredor: input.codcredor, contrato: input.contrato },
    new Date(),
  );
  return keep(ports, person, { canais: input.canais, dias: input.dias, pausedUntil: null, stopped: false });
}

/** The Notificações page's channels and days, for every agreement reminded; a pause or a stop ends. */
export async function chooseReminders(
  ports: ReminderPorts,
  person: Person,
  input: z.output<typeof chooseRemindersInput>,
) {
  await offered(ports, person, input.canais);
  return keep(ports, person, { canais: input.canais, dias: input.dias, pausedUntil: null, stopped: false });
}

const currentChoice = async (ports: ReminderPorts, person: Person): Promise<ReminderChoice> => {
  const settings = await reminderSettings(ports, person);
  return { canais: settings.canais, dias: settings.dias, pausedUntil: null, stopped: false };
};

/** 'Pausar lembretes': nothing for 30 days, then reminders as before. */
export async function pauseReminders(ports: ReminderPorts, person: Person) {
  const choice = await currentChoice(ports, person);
  return keep(ports, person, { ...choice, pausedUntil: new Date(Date.now() + REMINDER_PAUSE_DAYS * DAY_MS) });
}

/** 'Parar tudo': no reminder of any agreement by any channel, until the person chooses again. */
export async function stopReminders(ports: ReminderPorts, person: Person) {
  const choice = await currentChoice(ports, person);
  return keep(ports, person, { ...choice, stopped: true });
}

/**
 * This browser's push subscription, kept when its endpoint is one of the configured push services (the
 * same check each send makes); the person's reminders are planned on it at once.
 */
export async function subscribePush(
  ports: ReminderPorts,
  person: Person,
  input: z.output<typeof pushSubscriptionInput>,
) {
  if (!ports.push?.allows(input.endpoint)) throw new Refusal('bad-request', REMINDER_MESSAGES.pushRefused);
  await ports.reminders.subscribe(ownerOf(ports, person), input, new Date());
  const choice = await ports.reminders.choice(ownerForms(ports, person));
  if (choice) await reschedule(ports, person, choice);
  return { inscrito: true };
}

export async function unsubscribePush(
  ports: ReminderPorts,
  person: Person,
  input: z.output<typeof pushEndpointInput>,
) {
  await ports.reminders.unsubscribe(ownerForms(ports, person), input.endpoint);
  return { inscrito: false };
}

/** The agreement a notification's tap opens: only the person's own reminder names one. */
export async function reminderTarget(
  ports: Pick<Ports, 'reminders' | 'keys'>,
  person: Person,
  input: z.output<typeof reminderTargetInput>,
) {
  return ports.reminders.target(ownerForms(ports, person), input.lembrete);
}

/**
 * After /acordos read an agreement the person is reminded of: its push reminders follow what is open now
 * (a paid instalment is no longer reminded). Never fails the page: a failure is logged.
 */
export async function followAgreement(
  ports: ReminderPorts,
  person: Person,
  on: Contract,
  agreement: AgreementQueryResult,
  credor: string,
) {
  try {
    const owners = ownerForms(ports, person);
    const reminded = await ports.reminders.reminded(owners);
    if (!reminded.some((r) => r.codcredor === on.codcredor && r.contrato === on.contrato)) return;
    const choice = await ports.reminders.choice(owners);
    if (!choice || choice.stopped || !choice.canais.includes('push')) return;
    const now = new Date();
    const planned = plannedReminders(
      openInstalments(agreement),
      choice.dias,
      credor,
      now,
      sendWindowOf(ports.config),
    );
    await ports.reminders.plan(
      ownerOf(ports, person),
      owners,
      on,
      planned.filter((p) => !choice.pausedUntil || p.sendAt >= choice.pausedUntil),
    );
  } catch (err) {
    ports.log.warn({ err }, 'reminders: the agreement read was not followed');
  }
}
