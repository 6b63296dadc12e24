import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Cookies } from '../core/cookies';
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

const REQUEST = Symbol('request');

/**
 * One call's ports: its own (log, device, cookies, and the address, read when a rate limit asks, as Fastify
 * derives it from the forwarding headers on each read) over the app's, which it reaches through its
 * prototype, shared by every call. Copying the app's ports into each call's object (a spread) cost
 * microseconds a request in `pnpm bench`'s hop. So a call's ports are never spread: pass them whole. The
 * file routes that call the domain with request ports build them here too.
 */
export function portsOfCalls(app: AppPorts) {
  const shared = Object.create(app, {
    ip: {
      get(this: { [REQUEST]: FastifyRequest }) {
        return this[REQUEST].ip;
      },
    },
    userAgent: {
      get(this: { [REQUEST]: FastifyRequest }) {
        return this[REQUEST].headers['user-agent'] ?? '';
      },
    },
  });
  return (req: FastifyRequest, cookies: Cookies): Ports =>
    Object.assign(Object.create(shared), {
      [REQUEST]: req,
      log: req.log,
      device: deviceOf(req.headers['user-agent']),
      cookies,
    });
}

/** The composition root of a call: the app's services and the request's own ports. */
export const createContextFactory = (services: AppPorts) => {
  const portsOf = portsOfCalls(services);
  return async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => {
    const cookies = cookiesOf(req, res);
    return {
      req,
      res,
      ports: portsOf(req, cookies),
      // Without the store the session is unknown: fail closed rather than treat the user as signed out.
      person: await services.sessions.load(cookies).catch((error: unknown) => {
        throw toTRPCError(error);
      }),
    };
  };
};
