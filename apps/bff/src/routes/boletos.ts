import type { FastifyInstance } from 'fastify';
import { keptBoletoFile } from '../agreements/boleto-files';
import { cookiesOf } from '../http/cookies';
import { HTTP_MESSAGES, sendError } from '../http/error-envelope';
import { sendPrivatePdf } from '../http/private-pdf';
import type { AppPorts } from '../ports/ports';

/**
 * A boleto's PDF, fetched from the upstream and served from our own origin — only to the session
 * whose agreement issued it (the ref is random and listed in that session); anyone else gets 404.
 */
export function boletos(app: FastifyInstance, ports: Pick<AppPorts, 'files' | 'sessions'>) {
  app.get<{ Params: { ref: string } }>('/api/boletos/:ref', async (req, reply) => {
    const ref = /^([A-Za-z0-9_-]{16,64})\.pdf$/.exec(req.params.ref)?.[1];
    const person = ref ? await ports.sessions.load(cookiesOf(req, reply)) : null;
    const file = ref && person ? await keptBoletoFile(ports, person, ref) : undefined;
    if (!file) return sendError(reply, 404, HTTP_MESSAGES.boletoNotFound);
    try {
      const pdf = await ports.files.boleto(file.path);
      if (!pdf) return sendError(reply, 404, HTTP_MESSAGES.boletoNotFound);
      return sendPrivatePdf(reply, file.arquivo, pdf.bytes);
    } catch {
      return sendError(reply, 502, HTTP_MESSAGES.boletoUnavailable);
    }
  });
}
