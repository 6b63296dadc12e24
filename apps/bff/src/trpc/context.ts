import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services';
import type { SessionData } from '../session/session-store';
import { toTRPCError } from './to-trpc-error';

export interface Context {
  req: FastifyRequest;
  res: FastifyReply;
  services: Services;
  /** the signed-in session, already checked for expiry; null when signed out */
  session: { id: string; data: SessionData } | null;
  /** the browser's kind, from its User-Agent, for tracking records (mobile or desktop) */
  device: Device;
}

export type Device = 'mobile' | 'desktop';

/** The context of a procedure that needs a live session. */
export type SignedIn = Context & { session: NonNullable<Context['session']> };

/** Phones and tablets count as mobile, as their browsers announce themselves. */
export const deviceOf = (userAgent: string | undefined): Device =>
  userAgent && /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent) ? 'mobile' : 'desktop';

export const createContextFactory =
  (services: Services) =>
  async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => ({
    req,
    res,
    services,
    // Without the store the session is unknown: fail closed rather than treat the user as signed out.
    session: await services.sessions.load(req).catch((error: unknown) => {
      throw toTRPCError(error);
    }),
    device: deviceOf(req.headers['user-agent']),
  });
