import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Cookies } from '../core/cookies';

/** The request's cookies and the reply's Set-Cookie, as the port the session and the domains use. */
export const cookiesOf = (req: FastifyRequest, res: FastifyReply): Cookies => ({
  get: (name) => req.cookies[name],
  set: (name, value, options) => void res.setCookie(name, value, options),
  clear: (name, options) => void res.clearCookie(name, options),
});
