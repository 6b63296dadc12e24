import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { HTTP_MESSAGES, sendError } from '../http/error-envelope';

/**
 * The built SPA, with a history fallback: unknown GET pages get index.html, unknown API paths a 404. Files
 * are served pre-compressed when the build made a .br or .gz of them.
 */
export async function spa(app: FastifyInstance, root: string) {
  const hasBuild = existsSync(join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      // the build's .br and .gz siblings, chosen by Accept-Encoding (with Vary), index.html included
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        // the same URL answers brotli, gzip or plain: caches must keep them apart
        res.setHeader('vary', 'Accept-Encoding');
        res.setHeader(
          'cache-control',
          path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !path.startsWith('/trpc') &&
      !path.startsWith('/api/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (!isPage || !hasBuild) return sendError(reply, 404, HTTP_MESSAGES.notFound);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
