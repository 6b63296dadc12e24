import { z } from 'zod';
import { codcredor, contrato } from './fields';

/** Where a reminder reaches the person: a notification on this phone, e-mail, SMS. */
export const REMINDER_CHANNELS = ['push', 'email', 'sms'] as const;
/** The days before a due date a reminder may come: a week, three days, the day before, the day itself. */
export const REMINDER_DAYS = [7, 3, 1, 0] as const;
/** What 'Quero ser lembrado' offers checked: 3 days before and on the day. */
export const DEFAULT_REMINDER_DAYS = [3, 0] as const;
/** 'Pausar lembretes' pauses for this long. */
export const REMINDER_PAUSE_DAYS = 30;

export const REMINDER_MESSAGES = {
  noChannel: 'Escolha pelo menos uma forma de receber os lembretes.',
  noDay: 'Escolha pelo menos um dia para ser lembrado.',
  pushRefused: 'Não foi possível ativar as notificações neste aparelho.',
} as const;

const channels = z
  .array(z.enum(REMINDER_CHANNELS))
  .max(REMINDER_CHANNELS.length)
  .transform((list) => [...new Set(list)])
  .refine((list) => list.length > 0, REMINDER_MESSAGES.noChannel);
const days = z
  .array(z.union(REMINDER_DAYS.map((d) => z.literal(d))))
  .max(REMINDER_DAYS.length)
  .transform((list) => [...new Set(list)].sort((a, b) => b - a))
  .refine((list) => list.length > 0, REMINDER_MESSAGES.noDay);

/** reminders.choose: the channels and days, for every agreement reminded (a pause or stop ends). */
export const chooseRemindersInput = z.object({ canais: channels, dias: days });

/** reminders.remind: 'Quero ser lembrado' on an agreement, with the channels and days chosen. */
export const remindAgreementInput = z.object({ codcredor, contrato, canais: channels, dias: days });

/** reminders.subscribe: this browser's push subscription, as PushSubscription.toJSON() gives it. */
export const pushSubscriptionInput = z.object({
  endpoint: z.url().max(1_000),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/),
  }),
});

/** reminders.unsubscribe: the endpoint this browser no longer takes messages at. */
export const pushEndpointInput = z.object({ endpoint: z.string().max(1_000) });

/** reminders.target: the reminder a notification's tap brings back. */
export const reminderTargetInput = z.object({ lembrete: z.string().regex(/^[A-Za-z0-9_-]{10,40}$/) });

/** reminders.calendar: the agreement whose open instalments go into an .ics file. */
export const calendarInput = z.object({ codcredor, contrato });
