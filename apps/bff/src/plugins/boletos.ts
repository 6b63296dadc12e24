import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { HTTP_MESSAGES, sendError } from '../http/error-envelope';
import { sendPrivatePdf } from '../http/private-pdf';
import type { Services } from '../services';

/**
 * A boleto's PDF, fetched from the upstream and served from our own origin — only to the session
 * whose agreement issued it (the ref is random and listed in that session); anyone else gets 404.
 */
export function boletos(
  app: FastifyInstance,
  { config, dispatcher, sessions }: Pick<Services, 'config' | 'dispatcher' | 'sessions'>,
) {
  app.get<{ Params: { ref: string } }>('/api/boletos/:ref', async (req, reply) => {
    const ref = /^([A-Za-z0-9_-]{16,64})\.pdf$/.exec(req.params.ref)?.[1];
    const session = ref ? await sessions.load(req) : null;
    const files = session ? await sessions.read(session, 'boletos') : undefined;
    const file = ref ? files?.[ref] : undefined;
    if (!file) return sendError(reply, 404, HTTP_MESSAGES.boletoNotFound);
    try {
      const upstream = await request(new URL(file.path, config.UPSTREAM_URL), {
        dispatcher,
        headersTimeout: config.UPSTREAM_HTTP_TIMEOUT_MS,
        bodyTimeout: config.UPSTREAM_HTTP_TIMEOUT_MS,
      });
      if (upstream.statusCode !== 200 || upstream.headers['content-type'] !== 'application/pdf') {
        await upstream.body.dump();
        return sendError(reply, 404, HTTP_MESSAGES.boletoNotFound);
      }
      return sendPrivatePdf(reply, file.arquivo, new Uint8Array(await upstream.body.arrayBuffer()));
    } catch {
      return sendError(reply, 502, HTTP_MESSAGES.boletoUnavailable);
    }
  });
}
