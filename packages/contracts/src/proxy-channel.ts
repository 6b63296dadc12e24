import { z } from 'zod';
import { creditor } from './entities';
import { documentDigits } from './wire';

/**
 * The proxy channel: one WebSocket per BFF instance; every request carries an `idRequest`
 * that its reply repeats. The user's upstream token travels in each request so the upstream
 * answers only for the document that token belongs to.
 */
const requestBase = z.object({
  idRequest: z.string().min(1).max(100),
  app: z.string(),
  cpfcnpj: documentDigits,
  token: z.string().min(1),
});

export const consultaDebitoRequest = requestBase.extend({ metodo: z.literal('consultaDebito') });

export const proxyRequest = z.discriminatedUnion('metodo', [consultaDebitoRequest]);
export type ProxyRequest = z.infer<typeof proxyRequest>;
export type ProxyMethod = ProxyRequest['metodo'];

/** Every reply: `retorno` 0 is success; `err` with `msg` is a failure. */
export const proxyReply = z.object({
  idRequest: z.string(),
  metodo: z.string(),
  err: z.boolean(),
  msg: z.string().optional(),
  retorno: z.number().int(),
  retornotexto: z.string(),
  data: z.unknown().optional(),
});
export type ProxyReply = z.infer<typeof proxyReply>;

export const consultaDebitoData = z.object({ credor: z.array(creditor) });
export type ConsultaDebitoData = z.infer<typeof consultaDebitoData>;

/** What a method's successful reply carries in `data`. */
export const proxyReplyData = {
  consultaDebito: consultaDebitoData,
} as const satisfies Record<ProxyMethod, z.ZodType>;

/** Spec §8: the reply a request gets when the upstream does not answer in time. */
export const PROXY_TIMEOUT_REPLY = {
  err: true,
  msg: 'Erro de timeout',
  retorno: 99,
  retornotexto: 'O front-end não obteve resposta da API.',
} as const;

export const PROXY_RETORNO = { ok: 0, notFound: 1, tokenExpired: 2, error: 9, timeout: 99 } as const;
