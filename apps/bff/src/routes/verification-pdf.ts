import {
  VERIFY_PDF_MAX_BYTES,
  VERIFY_PDF_PATH,
  VERIFY_PDF_TOO_LARGE_MESSAGE,
} from '@portal/contracts/verification-pdf';
import type { FastifyInstance } from 'fastify';
import { Refusal } from '../core/refusal';
import type { Person } from '../core/session';
import { cookiesOf } from '../http/cookies';
import { RETRY_AFTER_SECONDS, sendError } from '../http/error-envelope';
import { PdfReaderBusyError, PdfRefusedError } from '../pdf/pdf-reader';
import type { AppPorts } from '../ports/ports';
import { StoreUnavailableError } from '../store/store';
import { portsOfCalls } from '../trpc/context';
import { MESSAGES } from '../trpc/to-trpc-error';
import { VERIFY_MESSAGES, verifyPdf } from '../verification/verify';

/**
 * 'Verificar boleto ou PIX' with a boleto's PDF: the file is the request's body (application/pdf), read in
 * memory, off the event loop (pdf-reader.ts), and checked like a pasted code; nothing of it is logged or
 * kept. Only this route takes a PDF. A file past the reader's caps is refused with 422, one behind a
 * password too; with every reader busy, 503 and Retry-After at once.
 */
export async function verificationPdf(app: FastifyInstance, ports: AppPorts) {
  const portsOf = portsOfCalls(ports);
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
      const cookies = cookiesOf(req, reply);
      let person: Person | null;
      try {
        person = await ports.sessions.load(cookies);
      } catch (error) {
        // Without the store the session is unknown: refused, as a procedure is, rather than checked signed out.
        if (error instanceof StoreUnavailableError) return sendError(reply, 503, MESSAGES.unavailable);
        throw error;
      }
      try {
        return await verifyPdf(portsOf(req, cookies), person, new Uint8Array(req.body as Buffer));
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
        if (error instanceof Refusal && error.kind === 'too-many')
          return sendError(reply, 429, error.message);
        throw error;
      }
    });
  });
}
