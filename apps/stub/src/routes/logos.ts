import { UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import type { FastifyInstance } from 'fastify';
import type { StubState } from '../state/stub-state';

export function logoRoutes(app: FastifyInstance, state: StubState) {
  const bySlug = new Map([...state.creditors.values()].map((c) => [`${c.slug}.svg`, c.logoSvg]));
  app.get<{ Params: { file: string } }>(`${UPSTREAM_PATHS.logos}/:file`, async (request, reply) => {
    const svg = bySlug.get(request.params.file);
    if (!svg) return reply.code(404).send({ msg: 'Logo não encontrado.' });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });
}
