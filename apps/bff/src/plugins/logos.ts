import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { HTTP_MESSAGES, sendError } from '../http/error-envelope';
import type { Services } from '../services';

/** Creditor logos, fetched from the upstream and served from our own origin. */
export function logos(app: FastifyInstance, { config, dispatcher }: Pick<Services, 'config' | 'dispatcher'>) {
  app.get<{ Params: { file: string } }>('/api/logos/:file', async (req, reply) => {
    const { file } = req.params;
    if (!/^[A-Za-z0-9._-]+\.(svg|png|jpe?g|webp)$/.test(file))
      return sendError(reply, 404, HTTP_MESSAGES.notFound);
    try {
      const upstream = await request(new URL(`/logos/${encodeURIComponent(file)}`, config.UPSTREAM_URL), {
        dispatcher,
        headersTimeout: config.UPSTREAM_HTTP_TIMEOUT_MS,
        bodyTimeout: config.UPSTREAM_HTTP_TIMEOUT_MS,
      });
      const type = upstream.headers['content-type'];
      if (upstream.statusCode !== 200 || typeof type !== 'string' || !type.startsWith('image/')) {
        await upstream.body.dump();
        return sendError(reply, 404, HTTP_MESSAGES.notFound);
      }
      return (
        reply
          .type(type)
          .header('cache-control', 'public, max-age=86400')
          // An SVG opened directly must not run anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(Buffer.from(await upstream.body.arrayBuffer()))
      );
    } catch {
      return sendError(reply, 502, HTTP_MESSAGES.logoUnavailable);
    }
  });
}
