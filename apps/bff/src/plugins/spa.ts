import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { cookiesOf } from '../http/cookies';
import { HTTP_MESSAGES, sendError } from '../http/error-envelope';
import type { AppPorts } from '../ports/ports';

/**
 * The build's prerendered public pages (apps/web/scripts/prerender.ts): path → its file under the root, and
 * where a signed-in user goes instead when the page is for visitors only.
 */
function prerenderedPages(root: string): Record<string, { file: string; signedInTo?: string }> {
  const index = join(root, 'pages/index.json');
  return existsSync(index) ? JSON.parse(readFileSync(index, 'utf8')) : {};
}

/**
 * The built SPA, with a history fallback: unknown GET pages get index.html, unknown API paths a 404. The
 * public pages the build prerendered get their own HTML (a signed-in user is redirected from a visitors'
 * page). Files are served pre-compressed when the build made a .br or .gz of them.
 */
export async function spa(app: FastifyInstance, root: string, { sessions }: Pick<AppPorts, 'sessions'>) {
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

  for (const [path, { file, signedInTo }] of Object.entries(hasBuild ? prerenderedPages(root) : {})) {
    app.get(path, async (req, reply) => {
      // A signed-in user is sent on here, as the SPA's guard would a moment after showing the page. The
      // session unknown (the store down): the public page, which the guard corrects once it can.
      if (signedInTo && (await sessions.load(cookiesOf(req, reply)).catch(() => null))) {
        return reply.header('cache-control', 'no-store').redirect(signedInTo, 302);
      }
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Encoding, Cookie')
        .sendFile(file);
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
