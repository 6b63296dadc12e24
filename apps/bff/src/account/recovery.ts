import { tooMany } from '../auth/sign-in';
import type { Context } from '../trpc/context';

const MINUTE = 60_000;

/**
 * 'Prosseguir' on /esqueceu-senha and 'Enviar novamente' on /recuperar-senha: the upstream sends a
 * temporary password and a reset link, and answers the masked contacts it used. Limited per document
 * and per IP.
 */
export async function sendRecovery(ctx: Context, cpfCnpj: string) {
  const { config, limiter, upstream } = ctx.services;
  const allowed = await limiter.hitAll([
    ['recovery-doc', cpfCnpj, { max: config.RECOVERY_MAX_PER_DOCUMENT, windowMs: 15 * MINUTE }],
    ['recovery-ip', ctx.req.ip, { max: config.RECOVERY_MAX_PER_IP, windowMs: 15 * MINUTE }],
  ]);
  if (!allowed) throw tooMany();
  return upstream.sendRecovery(cpfCnpj);
}
