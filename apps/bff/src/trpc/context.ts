import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../app';
import type { SessionData } from '../session/session-store';

export interface Context {
  req: FastifyRequest;
  res: FastifyReply;
  services: Services;
  /** the signed-in session, already checked for expiry; null when signed out */
  session: { id: string; data: SessionData } | null;
}

export const createContextFactory =
  (services: Services) =>
  async ({ req, res }: CreateFastifyContextOptions): Promise<Context> => ({
    req,
    res,
    services,
    session: await services.sessions.load(req),
  });
