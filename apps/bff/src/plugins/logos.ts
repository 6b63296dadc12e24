import type { FastifyInstance } from 'fastify';
import { type Dispatcher, request } from 'undici';
import type { Config } from '../config';

/** Creditor logos, fetched from the upstream and served from our own origin. */
export function logos(app: FastifyInstance, config: Config, dispatcher: Dispatcher) {
  app.get<{ Params: { file: string } }>('/api/logos/:file', async (req, reply) => {
    const { file } = req.params;
    if (!/^[A-Za-z0-9._-]+\.(svg|png|jpe?g|webp)$/.test(file)) return reply.code(404).send();
    try {
      const upstream = await request(new URL(`/logos/${encodeURIComponent(file)}`, config.UPSTREAM_URL), {
        dispatcher,
        headersTimeout: config.UPSTREAM_HTTP_TIMEOUT_MS,
        bodyTimeout: config.UPSTREAM_HTTP_TIMEOUT_MS,
      });
      const type = upstream.headers['content-type'];
      if (upstream.statusCode !== 200 || typeof type !== 'string' || !type.startsWith('image/')) {
        await upstream.body.dump();
        return reply.code(404).send();
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
      return reply.code(502).send();
    }
  });
}
