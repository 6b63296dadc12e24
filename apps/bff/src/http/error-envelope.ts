import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The one shape of every answer outside tRPC that is not a success (probes, PDFs, logos, 404s,
 * shedding, security refusals): `{ error: { message } }`, the message in Portuguese.
 */
export interface ErrorEnvelope {
  error: { message: string };
}

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
 * The tRPC procedure paths a request names, as tRPC reads them: the path is decoded before it is split
 * at its commas, so `/trpc/a.b%2Cc.d?batch=1` names two procedures like `/trpc/a.b,c.d?batch=1`.
 */
export function procedurePaths(url: string): string[] {
  const path = url.split('?')[0] ?? '';
  if (!path.startsWith('/trpc/')) return [];
  const raw = path.slice('/trpc/'.length);
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // a malformed escape: the router refuses the request; read what is there
  }
  return decoded.split(',');
}

/**
 * A 503 the browser's code understands: for /trpc the tRPC error envelope (one per call of a batch),
 * so the SPA shows the Portuguese message; the plain envelope elsewhere.
 */
export function unavailableBody(req: FastifyRequest, message: string) {
  const procedures = procedurePaths(req.url);
  if (procedures.length === 0) return errorEnvelope(message);
  const envelope = (procedure: string) => ({
    error: {
      message,
      code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE,
      data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: procedure },
    },
  });
  const batch = new URLSearchParams(req.url.split('?')[1] ?? '').get('batch') === '1';
  return batch ? procedures.map(envelope) : envelope(procedures[0] ?? '');
}
