import type { FastifyInstance } from 'fastify';
import { findSettlement, ownsSettlement, settlementFileName } from '../agreements/settlement';
import { cookiesOf } from '../http/cookies';
import { HTTP_MESSAGES, sendError } from '../http/error-envelope';
import { sendPrivatePdf } from '../http/private-pdf';
import type { AppPorts } from '../ports/ports';

/** A declaration of settlement's PDF, the bytes kept under its code at its first issue: only for its owner's session. */
export function settlements(
  app: FastifyInstance,
  ports: Pick<AppPorts, 'sessions' | 'store' | 'keys' | 'db'>,
) {
  app.get<{ Params: { file: string } }>('/api/quitacoes/:file', async (req, reply) => {
    const code = /^(QT-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})\.pdf$/.exec(req.params.file)?.[1];
    const person = code ? await ports.sessions.load(cookiesOf(req, reply)) : null;
    const settlement = code && person ? await findSettlement({ ...ports, log: req.log }, code) : null;
    if (!person || !settlement || !ownsSettlement(ports, person.data.cpfCnpj, settlement))
      return sendError(reply, 404, HTTP_MESSAGES.settlementNotFound);
    return sendPrivatePdf(reply, settlementFileName(settlement.contrato), settlement.pdf);
  });
}
