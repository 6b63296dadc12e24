import { PORTAL_ACCESS } from '@portal/contracts/activation-channel';
import type { SignedIn } from '../trpc/context';

/**
 * After a contract query, the access record (acionamento) goes to the upstream once per
 * distinct creditor per session. Fired and forgotten: the user's request never waits for it and
 * never fails because of it. A creditor counts as recorded before the send, so that a dropped or
 * unanswered record is not repeated (tracking is at most once).
 */
export function recordAccess(ctx: SignedIn, codcredor: string): void {
  sendOnce(ctx, codcredor).catch((error: unknown) =>
    ctx.req.log.warn({ err: error }, 'activation: the access record was not sent'),
  );
}

async function sendOnce(ctx: SignedIn, codcredor: string) {
  const { sessions, activation } = ctx.services;
  const recorded = (await sessions.read(ctx.session, 'acionamentos')) ?? [];
  if (recorded.includes(codcredor)) return;
  await sessions.write(ctx.session, 'acionamentos', [...recorded, codcredor]);
  await activation.send({
    metodo: 'registraAcionamento',
    ...PORTAL_ACCESS,
    dispositivo: ctx.device,
    codcredor,
    cpfcnpj: ctx.session.data.cpfCnpj,
  });
}
