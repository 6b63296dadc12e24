import type { ScheduledNotice } from '@portal/contracts/upstream/account';

/** A notice the simulator sent; tests read them at /__stub/avisos/enviados. */
interface SentNotice {
  id: string;
  canal: ScheduledNotice['canal'];
  cpfCnpj: string;
  texto: string;
  sentAt: string;
}

// The oldest go first beyond this: the simulator may run for days in a demo.
const MAX_SENT = 10_000;

/**
 * The reminders each user scheduled (PUT /avisos replaces a user's whole schedule) and the ones sent. A
 * notice leaves the schedule when its time comes, sent or not, and an id is handled at most once: a
 * schedule that names it again does not send it twice.
 */
export function createNotices() {
  const schedules = new Map<string, ScheduledNotice[]>();
  const handled = new Set<string>();
  const sent: SentNotice[] = [];
  const handledKey = (cpfCnpj: string, id: string) => `${cpfCnpj}|${id}`;

  return {
    sent,

    /** Replaces the user's schedule; answers how many notices it holds. */
    replaceSchedule(cpfCnpj: string, avisos: readonly ScheduledNotice[]): number {
      const pending = avisos.filter((a) => !handled.has(handledKey(cpfCnpj, a.id)));
      if (pending.length === 0) schedules.delete(cpfCnpj);
      else schedules.set(cpfCnpj, pending);
      return pending.length;
    },

    /** The user's notices still to be sent. */
    scheduleOf: (cpfCnpj: string): ScheduledNotice[] => [...(schedules.get(cpfCnpj) ?? [])],

    forget(cpfCnpj: string) {
      schedules.delete(cpfCnpj);
    },

    /** The notices whose time has come (`enviarEm` at or before `nowMs`), taken off the schedule for good. */
    takeDue(nowMs: number): { cpfCnpj: string; notice: ScheduledNotice }[] {
      const due: { cpfCnpj: string; notice: ScheduledNotice }[] = [];
      for (const [cpfCnpj, avisos] of schedules) {
        const [now, later] = [[], []] as [ScheduledNotice[], ScheduledNotice[]];
        for (const aviso of avisos) (Date.parse(aviso.enviarEm) <= nowMs ? now : later).push(aviso);
        for (const notice of now) {
          handled.add(handledKey(cpfCnpj, notice.id));
          due.push({ cpfCnpj, notice });
        }
        if (later.length === 0) schedules.delete(cpfCnpj);
        else schedules.set(cpfCnpj, later);
      }
      return due;
    },

    recordSent(cpfCnpj: string, notice: ScheduledNotice, sentAt: number) {
      const { id, canal, texto } = notice;
      sent.push({ id, canal, cpfCnpj, texto, sentAt: new Date(sentAt).toISOString() });
      if (sent.length > MAX_SENT) sent.shift();
    },
  };
}
