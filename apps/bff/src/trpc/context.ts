import type { FastifyReply, FastifyRequest } from 'fastify';
import { deviceOf } from '../core/request';
import type { Person } from '../core/session';
import { cookiesOf } from '../http/cookies';
import type { AppPorts, Ports } from '../ports/ports';
import { toTRPCError } from './to-trpc-error';

export interface Context {
  req: FastifyRequest;
  res: FastifyReply;
  /** the app's ports with this request's own (its log, address, device and cookies) */
  ports: Ports;
  /** the signed-in person, their session already checked for expiry; null when signed out */
  person: Person | null;
}

/** The composition root of a call: the app's services and the request's own ports. */
export const createContextFactory =
  (services: AppPorts) =>
  async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => {
    const cookies = cookiesOf(req, res);
    const ports: Ports = {
      ...services,
      log: req.log,
      ip: req.ip,
      device: deviceOf(req.headers['user-agent']),
      cookies,
    };
    return {
      req,
      res,
      ports,
      // Without the store the session is unknown: fail closed rather than treat the user as signed out.
      person: await services.sessions.load(cookies).catch((error: unknown) => {
        throw toTRPCError(error);
      }),
    };
  };
