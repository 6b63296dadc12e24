import {
  calendarInput,
  chooseRemindersInput,
  pushEndpointInput,
  pushSubscriptionInput,
  remindAgreementInput,
  reminderTargetInput,
} from '@portal/contracts/procedures/reminders';
import { agreementCalendar } from '../reminders/calendar';
import {
  chooseReminders,
  pauseReminders,
  remindAgreement,
  reminderSettings,
  reminderTarget,
  stopReminders,
  subscribePush,
  unsubscribePush,
} from '../reminders/reminders';
import { router, sessionProcedure } from '../trpc/init';

export const remindersRouter = router({
  /** What the Notificações page and 'Quero ser lembrado' show: the channels offered and the person's choice. */
  settings: sessionProcedure.query(({ ctx }) => reminderSettings(ctx.ports, ctx.person)),

  /** 'Quero ser lembrado' on the concluded page and on /acordos. */
  remind: sessionProcedure
    .input(remindAgreementInput)
    .mutation(({ ctx, input }) => remindAgreement(ctx.ports, ctx.person, input)),

  /** The Notificações page's channels and days ('Salvar'). */
  choose: sessionProcedure
    .input(chooseRemindersInput)
    .mutation(({ ctx, input }) => chooseReminders(ctx.ports, ctx.person, input)),

  /** 'Pausar lembretes' (30 days). */
  pause: sessionProcedure.mutation(({ ctx }) => pauseReminders(ctx.ports, ctx.person)),

  /** 'Parar tudo'. */
  stop: sessionProcedure.mutation(({ ctx }) => stopReminders(ctx.ports, ctx.person)),

  /** This browser's Web Push subscription. */
  subscribe: sessionProcedure
    .input(pushSubscriptionInput)
    .mutation(({ ctx, input }) => subscribePush(ctx.ports, ctx.person, input)),

  unsubscribe: sessionProcedure
    .input(pushEndpointInput)
    .mutation(({ ctx, input }) => unsubscribePush(ctx.ports, ctx.person, input)),

  /** The agreement a notification's tap opens. */
  target: sessionProcedure
    .input(reminderTargetInput)
    .query(({ ctx, input }) => reminderTarget(ctx.ports, ctx.person, input)),

  /** 'Adicionar à agenda': the .ics of the agreement's open instalments. */
  calendar: sessionProcedure
    .input(calendarInput)
    .mutation(({ ctx, input }) => agreementCalendar(ctx.ports, ctx.person, input)),
});
