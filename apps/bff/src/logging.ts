import { hostname } from 'node:os';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from './config/config';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * JSON logs that never carry a document, contact, password or token: request lines keep only
 * method, path (no query string: tRPC GET inputs live there) and id, and answers only their status, so
 * no header (cookie, authorization, set-cookie) is ever written.
 */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    // pino's own base (pid, hostname) plus the version: every line says which build wrote it
    base: { pid: process.pid, hostname: hostname(), version: config.APP_VERSION },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        path: req.url.split('?')[0],
        id: req.id,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/**
 * One line per request at info level, written when it is answered: method, path, id, status and time.
 * The line on its arrival is a debug line (Fastify writes both at info, twice the cost per request).
 */
class RequestLines extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

export const requestLines = () => new RequestLines();
