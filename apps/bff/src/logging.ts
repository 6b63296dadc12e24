import type { FastifyServerOptions } from 'fastify';
/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

import type { Config } from './config';

/**
 * JSON logs that never carry a document, contact, password or token: request lines keep only
 * method, path (no query string: tRPC GET inputs live there) and id; credential headers are censored.
 */
export function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
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
