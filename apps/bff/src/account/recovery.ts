import { tooMany } from '../auth/sign-in';
import type { Context } from '../trpc/context';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * 'Prosseguir' on /esqueceu-senha and 'Enviar novamente' on /recuperar-senha: the upstream sends a
 * temporary password and a reset link, and answers the masked contacts it used. Each send replaces the
 * person's password, so it is limited per document (15 minutes and a day) and per IP.
 */
export async function sendRecovery(ctx: Context, cpfCnpj: string) {
  const { config, limiter, upstream } = ctx.services;
  const allowed = await limiter.hitAll([
    ['recovery-doc', cpfCnpj, { max: config.RECOVERY_MAX_PER_DOCUMENT, windowMs: 15 * MINUTE }],
    ['recovery-doc-day', cpfCnpj, { max: config.RECOVERY_MAX_PER_DOCUMENT_DAY, windowMs: DAY }],
    ['recovery-ip', ctx.req.ip, { max: config.RECOVERY_MAX_PER_IP, windowMs: 15 * MINUTE }],
  ]);
  if (!allowed) throw tooMany();
  return upstream.sendRecovery(cpfCnpj);
}

/** /nova-senha-pb: a new password, identified by the reset link's id and code; limited per IP. */
export async function resetPassword(ctx: Context, input: { id: string; codigo: string; novaSenha: string }) {
  const { config, limiter, upstream } = ctx.services;
  if (
    !(await limiter.hit('reset-ip', ctx.req.ip, { max: config.RECOVERY_MAX_PER_IP, windowMs: 15 * MINUTE }))
  )
    throw tooMany();
  await upstream.resetPassword({ id: input.id, codigo: input.codigo, novaSenha: input.novaSenha });
  return { ok: true as const };
}
