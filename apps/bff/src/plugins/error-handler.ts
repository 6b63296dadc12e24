import type { FastifyInstance } from 'fastify';
import { DatabaseUnavailableError } from '../db/records';
import { errorEnvelope, HTTP_MESSAGES, RETRY_AFTER_SECONDS, unavailableBody } from '../http/error-envelope';
import { StoreUnavailableError } from '../store/store';
import { MESSAGES } from '../trpc/to-trpc-error';
import { isOverload } from './load-shedding';
import type { Metrics } from './metrics';

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  404: HTTP_MESSAGES.notFound,
  413: HTTP_MESSAGES.tooLarge,
  415: HTTP_MESSAGES.unsupportedContentType,
};

/**
 * Every failure outside a procedure's own handling ends here: an unreachable store (boleto files) and
 * overload answer 503 with Retry-After; client errors keep their status in the one envelope; anything else never shows its
 * internals.
 */
export function errorHandler(app: FastifyInstance, metrics: Metrics) {
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const overloaded = isOverload(error);
    if (error instanceof StoreUnavailableError || overloaded) {
      if (overloaded) metrics.shed.inc();
      req.log.warn(overloaded ? 'overloaded: request shed' : 'store unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(
          unavailableBody(
            req,
            error instanceof DatabaseUnavailableError ? MESSAGES.databaseDown : MESSAGES.unavailable,
          ),
        );
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply
        .code(status)
        .send(errorEnvelope(CLIENT_ERROR_MESSAGES[status] ?? HTTP_MESSAGES.badRequest));
    }
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorEnvelope(MESSAGES.unexpected));
  });
}
