import { UPSTREAM_PATHS } from '@portal/contracts/upstream/paths';
import type { FastifyInstance } from 'fastify';
import type { StubState } from '../state/stub-state';

/** The partner creditors, public: the home page's logo list. */
export function partnerRoutes(app: FastifyInstance, state: StubState) {
  app.get(UPSTREAM_PATHS.parceiros, async (request) => ({
    data: [...state.creditors.values()].map((c) => ({
      nome: c.name,
      logomarca: `http://${request.headers.host}${UPSTREAM_PATHS.logos}/${c.slug}.svg`,
    })),
  }));
}
