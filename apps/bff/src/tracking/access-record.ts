import { PORTAL_ACCESS } from '@portal/contracts/upstream/activation-channel';
import type { SignedIn } from '../trpc/context';

/**
 * After a contract query, the access record (acionamento) goes to the upstream once per
 * distinct creditor per session. Fired and forgotten: the user's request never waits for it and
 * never fails because of it. A creditor counts as recorded before the send, so that a dropped or
 * unanswered record is not repeated (tracking is at most once). The creditor is claimed with an atomic
 * counter in the shared store, so two contract queries at once, even on two instances, send one record.
 */
export function recordAccess(ctx: SignedIn, codcredor: string): void {
  sendOnce(ctx, codcredor).catch((error: unknown) =>
    ctx.req.log.warn({ err: error }, 'activation: the access record was not sent'),
  );
}

async function sendOnce(ctx: SignedIn, codcredor: string) {
  const { sessions, activation } = ctx.services;
  if (!(await sessions.claimOnce(ctx.session, `acionamento:${codcredor}`))) return;
  await activation.send({
    metodo: 'registraAcionamento',
    ...PORTAL_ACCESS,
    dispositivo: ctx.device,
    codcredor,
    cpfcnpj: ctx.session.data.cpfCnpj,
  });
}
