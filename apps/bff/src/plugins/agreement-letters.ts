import type { FastifyInstance } from 'fastify';
import { agreementLetterPdf, letterFileName } from '../agreements/agreement-letter';
import { HTTP_MESSAGES, sendError } from '../http/error-envelope';
import { sendPrivatePdf } from '../http/private-pdf';
import type { Services } from '../services';

/**
 * An agreement letter's PDF, drawn from what the session kept under the ref — only for the session
 * whose agreement it is (the ref is random and listed in that session); anyone else gets 404.
 */
export function agreementLetters(app: FastifyInstance, { sessions }: Pick<Services, 'sessions'>) {
  app.get<{ Params: { ref: string } }>('/api/cartas/:ref', async (req, reply) => {
    const ref = /^([A-Za-z0-9_-]{16,64})\.pdf$/.exec(req.params.ref)?.[1];
    const session = ref ? await sessions.load(req) : null;
    const letters = session ? await sessions.read(session, 'cartas') : undefined;
    const letter = ref ? letters?.[ref] : undefined;
    if (!letter) return sendError(reply, 404, HTTP_MESSAGES.letterNotFound);
    return sendPrivatePdf(reply, letterFileName(letter.contrato), await agreementLetterPdf(letter));
  });
}
