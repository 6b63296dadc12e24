import { z } from 'zod';
import { accessRecord } from './entities';

/**
 * The activation channel (acionamento): the BFF tells the upstream that a client looked at a creditor's
 * contracts. Fire and forget for the user: a send counts as done after its reply or 1 s.
 * Every request carries an `idRequest` that its reply repeats; no token travels.
 */
export const registraAcionamentoRequest = accessRecord.extend({
  idRequest: z.string().min(1).max(100),
  metodo: z.literal('registraAcionamento'),
  codcredor: z.string().min(1).max(20),
  empresa: z.string().min(1).max(100),
  tipo: z.string().min(1).max(40),
  observacao: z.string().max(500),
});
export type RegistraAcionamentoRequest = z.infer<typeof registraAcionamentoRequest>;
export type AccessRecord = z.infer<typeof accessRecord>;

/** The reply: `err` false when the record was kept; with `err`, `msg` says why it was not. */
export const activationReply = z.object({
  idRequest: z.string(),
  err: z.boolean(),
  msg: z.string().optional(),
});

/** What the portal records when a client opens a creditor's contracts. */
export const PORTAL_ACCESS = {
  empresa: 'Negocia Varejo',
  idacionamento: 3000,
  tipo: 'Posicao',
  observacao: 'Cliente acessou o portal de negociação',
  usuario: 30000,
  stage: 1,
} as const satisfies Partial<AccessRecord>;

/** How long a trail or activation send waits for its reply before it counts as done. */
export const ACTIVATION_ACK_TIMEOUT_MS = 1000;
