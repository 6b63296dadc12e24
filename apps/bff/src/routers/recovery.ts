import {
  isAcceptablePassword,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_RULE_MESSAGE,
} from '@portal/validation/password';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { publicProcedure, router } from '../trpc/init';
import { MESSAGES } from '../trpc/to-trpc-error';
import { documentInput } from './auth';

const MINUTE = 60_000;

export const recoveryRouter = router({
  /**
   * 'Prosseguir' on /esqueceu-senha and 'Enviar novamente' on /recuperar-senha: the upstream sends
   * a temporary password and a reset link, and answers the masked contacts it used.
   */
  send: publicProcedure.input(z.object({ cpfCnpj: documentInput })).mutation(async ({ ctx, input }) => {
    const { config, limiter, upstream } = ctx.services;
    const allowed = await limiter.hitAll([
      ['recovery-doc', input.cpfCnpj, { max: config.RECOVERY_MAX_PER_DOCUMENT, windowMs: 15 * MINUTE }],
      ['recovery-ip', ctx.req.ip, { max: config.RECOVERY_MAX_PER_IP, windowMs: 15 * MINUTE }],
    ]);
    if (!allowed) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyAttempts });
    return upstream.sendRecovery(input.cpfCnpj);
  }),

  /** /nova-senha-pb: a new password, identified by the reset link's id and code. */
  reset: publicProcedure
    .input(
      z
        .object({
          id: z.string().min(1).max(100),
          codigo: z.string().min(1).max(200),
          novaSenha: z.string().max(200).refine(isAcceptablePassword, PASSWORD_RULE_MESSAGE),
          confirmacao: z.string().max(200),
        })
        .refine((r) => r.novaSenha === r.confirmacao, {
          message: PASSWORD_MISMATCH_MESSAGE,
          path: ['confirmacao'],
        }),
    )
    .mutation(async ({ ctx, input }) => {
      await ctx.services.upstream.resetPassword({
        id: input.id,
        codigo: input.codigo,
        novaSenha: input.novaSenha,
      });
      return { ok: true as const };
    }),
});
