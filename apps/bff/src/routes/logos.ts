import type { FastifyInstance } from 'fastify';
import { HTTP_MESSAGES, sendError } from '../http/error-envelope';
import { creditorLogo } from '../negotiation/logos';
import type { Ports } from '../ports/ports';

/** Creditor logos, fetched from the upstream and served from our own origin. */
export function logos(app: FastifyInstance, ports: Pick<Ports, 'files'>) {
  app.get<{ Params: { file: string } }>('/api/logos/:file', async (req, reply) => {
    try {
      const logo = await creditorLogo(ports, req.params.file);
      if (!logo) return sendError(reply, 404, HTTP_MESSAGES.notFound);
      return (
        reply
          .type(logo.type)
          .header('cache-control', 'public, max-age=86400')
          // An SVG opened directly must not run anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(Buffer.from(logo.bytes))
      );
    } catch {
      return sendError(reply, 502, HTTP_MESSAGES.logoUnavailable);
    }
  });
}
