import type { FastifyInstance } from 'fastify';
import {
  findSettlement,
  ownsSettlement,
  settlementBytes,
  settlementFileName,
} from '../agreements/settlement';
import { HTTP_MESSAGES, sendError } from '../http/error-envelope';
import { sendPrivatePdf } from '../http/private-pdf';
import type { Services } from '../services';

/** A declaration of settlement's PDF, the bytes kept under its code at its first issue: only for its owner's session. */
export function settlements(app: FastifyInstance, services: Services) {
  app.get<{ Params: { file: string } }>('/api/quitacoes/:file', async (req, reply) => {
    const code = /^(QT-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})\.pdf$/.exec(req.params.file)?.[1];
    const session = code ? await services.sessions.load(req) : null;
    const settlement = code && session ? await findSettlement({ services }, code) : null;
    if (!session || !settlement || !ownsSettlement(services, session.data.cpfCnpj, settlement))
      return sendError(reply, 404, HTTP_MESSAGES.settlementNotFound);
    return sendPrivatePdf(reply, settlementFileName(settlement.contrato), await settlementBytes(settlement));
  });
}
