// First, before any schema is built.
import '../../lib/forms/zod-jitless';
import {
  chooseRemindersInput,
  REMINDER_CHANNELS,
  REMINDER_DAYS,
  REMINDER_MESSAGES,
} from '@portal/contracts/procedures/reminders';
import { type RouterOutputs, trpc } from '../../lib/api/trpc';
import { pushSupported, subscribeThisBrowser } from '../../lib/browser/web-push';
import { CheckboxField } from '../ui/checkbox-field';
import './reminders.css';

// What 'Quero ser lembrado' and the Notificações page share: the channels and days to choose, their check
// against the procedures' own schema, and turning this browser's notifications on. Loaded on demand only
// (zod comes with it).

export type ReminderSettings = RouterOutputs['reminders']['settings'];
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
type ReminderDay = (typeof REMINDER_DAYS)[number];

const CHANNEL_LABELS: Record<ReminderChannel, string> = {
  push: 'Notificação neste celular',
  email: 'E-mail',
  sms: 'SMS',
};

const DAY_LABELS: Record<ReminderDay, string> = {
  7: '7 dias antes',
  3: '3 dias antes',
  1: '1 dia antes',
  0: 'No dia do vencimento',
};

/** What every reminder is, said wherever they are chosen. */
export const REMINDER_PROMISE =
  'Os lembretes chegam entre 08:00 e 21:00 e nunca mostram valores nem documentos.';

export const PUSH_FAILED = `${REMINDER_MESSAGES.pushRefused} Verifique a permissão de notificações do navegador.`;

/** The channels offered here: notifications on this device only when the BFF and this browser both can. */
export function offeredChannels(
  disponiveis: readonly ReminderChannel[],
  pushHere = pushSupported(),
): ReminderChannel[] {
  return REMINDER_CHANNELS.filter((c) => disponiveis.includes(c) && (c !== 'push' || pushHere));
}

/** The days kept by the BFF, as the checkboxes name them. */
export const chosenDays = (dias: readonly number[]): ReminderDay[] =>
  REMINDER_DAYS.filter((d) => dias.includes(d));

/** Why the choice cannot be sent (no channel, no day), in the schema's own words; null when it can. */
export function choiceProblem(
  canais: readonly ReminderChannel[],
  dias: readonly ReminderDay[],
): string | null {
  const parsed = chooseRemindersInput.safeParse({ canais, dias });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? REMINDER_MESSAGES.noChannel);
}

/**
 * The channels to keep once this browser was asked for its notifications: with push checked, the person
 * allows them, the browser subscribes and the BFF keeps the subscription; when any of that fails, push is
 * left out (the other channels are still kept) and `pushFailed` says so.
 */
export function usePushChannel() {
  const subscribe = trpc.reminders.subscribe.useMutation();
  return async (
    canais: readonly ReminderChannel[],
    pushChave: string | null,
  ): Promise<{ canais: ReminderChannel[]; pushFailed: boolean }> => {
    if (!canais.includes('push')) return { canais: [...canais], pushFailed: false };
    try {
      if (!pushChave) throw new Error('no VAPID key');
      await subscribe.mutateAsync(await subscribeThisBrowser(pushChave));
      return { canais: [...canais], pushFailed: false };
    } catch {
      return { canais: canais.filter((c) => c !== 'push'), pushFailed: true };
    }
  };
}

const toggled = <T,>(list: readonly T[], item: T, on: boolean): T[] =>
  on ? [...list.filter((i) => i !== item), item] : list.filter((i) => i !== item);

interface ReminderChoicesProps {
  offered: readonly ReminderChannel[];
  canais: readonly ReminderChannel[];
  dias: readonly ReminderDay[];
  onChannels: (canais: ReminderChannel[]) => void;
  onDays: (dias: ReminderDay[]) => void;
  disabled?: boolean;
}

/** 'Como avisar' (only the channels offered) and 'Quando avisar', as checkboxes. */
export function ReminderChoices({
  offered,
  canais,
  dias,
  onChannels,
  onDays,
  disabled,
}: ReminderChoicesProps) {
  return (
    <>
      <fieldset className="reminder-fieldset">
        <legend className="reminder-legend">Como avisar</legend>
        {offered.map((canal) => (
          <CheckboxField
            key={canal}
            name="canais"
            value={canal}
            checked={canais.includes(canal)}
            disabled={disabled}
            onChange={(event) => onChannels(toggled(canais, canal, event.target.checked))}
            label={CHANNEL_LABELS[canal]}
          />
        ))}
      </fieldset>
      <fieldset className="reminder-fieldset">
        <legend className="reminder-legend">Quando avisar</legend>
        {REMINDER_DAYS.map((dia) => (
          <CheckboxField
            key={dia}
            name="dias"
            value={String(dia)}
            checked={dias.includes(dia)}
            disabled={disabled}
            onChange={(event) => onDays(toggled(dias, dia, event.target.checked))}
            label={DAY_LABELS[dia]}
          />
        ))}
      </fieldset>
    </>
  );
}
