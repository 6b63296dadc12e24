import type { FastifyInstance } from 'fastify';
import { agreementLetterPdf, letterFileName } from '../agreements/agreement-letter';
import { keptLetter } from '../agreements/boleto-files';
import { cookiesOf } from '../http/cookies';
import { HTTP_MESSAGES, sendError } from '../http/error-envelope';
import { sendPrivatePdf } from '../http/private-pdf';
import type { AppPorts } from '../ports/ports';

/**
 * An agreement letter's PDF, drawn from what the session kept under the ref — only for the session
 * whose agreement it is (the ref is random and listed in that session); anyone else gets 404.
 */
export function agreementLetters(app: FastifyInstance, ports: Pick<AppPorts, 'sessions'>) {
  app.get<{ Params: { ref: string } }>('/api/cartas/:ref', async (req, reply) => {
    const ref = /^([A-Za-z0-9_-]{16,64})\.pdf$/.exec(req.params.ref)?.[1];
    const person = ref ? await ports.sessions.load(cookiesOf(req, reply)) : null;
    const letter = ref && person ? await keptLetter(ports, person, ref) : undefined;
    if (!letter) return sendError(reply, 404, HTTP_MESSAGES.letterNotFound);
    return sendPrivatePdf(reply, letterFileName(letter.contrato), await agreementLetterPdf(letter));
  });
}
