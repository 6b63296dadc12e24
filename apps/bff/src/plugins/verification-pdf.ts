import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/error-envelope';
import type { Context } from '../trpc/context';
import { verifyPdf } from '../verification/verify';

export const VERIFY_PDF_PATH = '/api/verificacao/pdf';
/** A boleto PDF is tens of kilobytes; a scanned one a few hundred. */
export const VERIFY_PDF_MAX_BYTES = 2 * 1024 * 1024;

export const VERIFY_PDF_MESSAGES = {
  tooLarge: 'O arquivo é grande demais: envie um PDF de até 2 MB.',
} as const;

/**
 * 'Verificar boleto ou PIX' with a boleto's PDF: the file is the request's body (application/pdf), read in
 * memory and checked like a pasted code; nothing of it is logged or kept. Only this route takes a PDF.
 */
export async function verificationPdf(
  app: FastifyInstance,
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Promise<Context>,
) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/pdf',
      { parseAs: 'buffer', bodyLimit: VERIFY_PDF_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: Error & { statusCode?: number }, _req, reply) => {
      if (error.statusCode === 413) return sendError(reply, 413, VERIFY_PDF_MESSAGES.tooLarge);
      throw error;
    });
    scope.post(VERIFY_PDF_PATH, { bodyLimit: VERIFY_PDF_MAX_BYTES }, async (req, reply) => {
      try {
        return await verifyPdf(await createContext({ req, res: reply }), new Uint8Array(req.body as Buffer));
      } catch (error) {
        if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS')
          return sendError(reply, 429, error.message);
        if (error instanceof TRPCError && error.code === 'SERVICE_UNAVAILABLE')
          return sendError(reply, 503, error.message);
        throw error;
      }
    });
  });
}
