import {
  VERIFY_PDF_MAX_BYTES,
  VERIFY_PDF_PATH,
  VERIFY_PDF_TOO_LARGE_MESSAGE,
} from '@portal/contracts/verification-pdf';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/error-envelope';
import type { Context } from '../trpc/context';
import { PdfReaderBusyError, PdfRefusedError } from '../verification/pdf-reader';
import { VERIFY_MESSAGES, verifyPdf } from '../verification/verify';
import { RETRY_AFTER_SECONDS } from './load-shedding';

/**
 * 'Verificar boleto ou PIX' with a boleto's PDF: the file is the request's body (application/pdf), read in
 * memory, off the event loop (pdf-reader.ts), and checked like a pasted code; nothing of it is logged or
 * kept. Only this route takes a PDF. A file past the reader's caps is refused with 422, one behind a
 * password too; with every reader busy, 503 and Retry-After at once.
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
      if (error.statusCode === 413) return sendError(reply, 413, VERIFY_PDF_TOO_LARGE_MESSAGE);
      throw error;
    });
    scope.post(VERIFY_PDF_PATH, { bodyLimit: VERIFY_PDF_MAX_BYTES }, async (req, reply) => {
      try {
        return await verifyPdf(await createContext({ req, res: reply }), new Uint8Array(req.body as Buffer));
      } catch (error) {
        if (error instanceof PdfRefusedError)
          return sendError(
            reply,
            422,
            error.reason === 'protected' ? VERIFY_MESSAGES.pdfProtected : VERIFY_MESSAGES.pdfTooComplex,
          );
        if (error instanceof PdfReaderBusyError)
          return sendError(
            reply.header('retry-after', String(RETRY_AFTER_SECONDS)),
            503,
            VERIFY_MESSAGES.pdfBusy,
          );
        if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS')
          return sendError(reply, 429, error.message);
        if (error instanceof TRPCError && error.code === 'SERVICE_UNAVAILABLE')
          return sendError(reply, 503, error.message);
        throw error;
      }
    });
  });
}
