import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFUSED, readProcedureCall } from './procedure-call';

/**
 * The one shape of every answer outside tRPC that is not a success (probes, PDFs, logos, 404s,
 * shedding, security refusals): `{ error: { message } }`, the message in Portuguese.
 */
interface ErrorEnvelope {
  error: { message: string };
}

/** How long a client should wait after a 503 (overload or an unreachable store). */
export const RETRY_AFTER_SECONDS = 5;

export const HTTP_MESSAGES = {
  notFound: 'Não encontrado.',
  boletoNotFound: 'Boleto não encontrado.',
  boletoUnavailable: 'Não foi possível obter o boleto agora.',
  letterNotFound: 'Carta do acordo não encontrada.',
  settlementNotFound: 'Declaração de quitação não encontrada.',
  logoUnavailable: 'Não foi possível obter a imagem agora.',
  foreignOrigin: 'Origem não permitida.',
  unsupportedContentType: 'Tipo de conteúdo não suportado.',
  badRequest: 'Requisição inválida.',
  tooLarge: 'Requisição grande demais.',
} as const;

export const errorEnvelope = (message: string): ErrorEnvelope => ({ error: { message } });

export const sendError = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send(errorEnvelope(message));

/**
 * Fastify's own refusals before any route is found (a URL it cannot decode, a parameter past its length),
 * in the same envelope and words: its English text would name the URL back.
 */
export function frameworkError(
  error: Error & { statusCode?: number },
  _req: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 400;
  sendError(reply, status, status === 414 ? HTTP_MESSAGES.tooLarge : HTTP_MESSAGES.badRequest);
}

/**
 * A 503 the browser's code understands: for /trpc the tRPC error envelope (one per call of a batch),
 * so the SPA shows the Portuguese message; the plain envelope elsewhere.
 */
export function unavailableBody(req: FastifyRequest, message: string) {
  const call = readProcedureCall(req);
  if (!call || call === REFUSED) return errorEnvelope(message);
  const envelope = (procedure: string) => ({
    error: {
      message,
      code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE,
      data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: procedure },
    },
  });
  return call.batch ? call.paths.map(envelope) : envelope(call.paths[0] ?? '');
}
