import { stillOwed } from './live-agreements';
import type { StubState } from './stub-state';

const NOTICE_SUBJECT = 'Lembrete do seu acordo';

/**
 * Sends every scheduled notice whose time has come, once, to the user's e-mail or phone on file (the
 * simulator's outbox) — unless its instalment is paid by then, its agreement was cancelled or replaced, or the
 * user has no such address. Answers how many were sent.
 */
function deliverDueNotices(state: StubState): number {
  const nowMs = state.now();
  const now = new Date(nowMs);
  let count = 0;
  for (const { cpfCnpj, notice } of state.notices.takeDue(nowMs)) {
    const user = state.findUser(cpfCnpj);
    if (!user || !stillOwed(user, state, now, notice)) continue;
    const address = notice.canal === 'email' ? user.profile.email : user.profile.telefone;
    if (!address) continue;
    state.sendToUser(user, notice.canal, NOTICE_SUBJECT, notice.texto);
    state.notices.recordSent(cpfCnpj, notice, nowMs);
    count += 1;
  }
  return count;
}

/** Delivers due notices every `everyMs` (about a second) without keeping the process alive; answers a stop. */
export function startNoticeDelivery(state: StubState, everyMs = 1_000): () => void {
  const timer = setInterval(() => deliverDueNotices(state), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
