import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Config } from '../config/config';
import { RETRY_AFTER_SECONDS } from '../http/error-envelope';

/** Thrown when more API requests are in flight than the instance answers; the error handler sheds it. */
class OverloadedError extends Error {
  override name = 'OverloadedError';
}

/** Route options of what the load shedder never refuses: probes and scrapes must answer under load too. */
export const NEVER_SHED = { config: { pressureHandler: () => undefined } };

export const isOverload = (error: Error & { code?: string }) =>
  error.code === 'FST_UNDER_PRESSURE' || error instanceof OverloadedError;

/**
 * Under overload — event-loop delay or utilisation beyond the settings, or too many API requests in
 * flight (open-loop overload builds a queue that event-loop figures alone do not show) — requests fail
 * with an overload error, which the error handler answers with a quick 503 and Retry-After.
 */
export async function loadShedding(app: FastifyInstance, config: Config, registry: Registry) {
  let inFlight = 0;
  const answered = () => {
    inFlight -= 1;
  };
  app.addHook('onRequest', (req, reply, done) => {
    // The route Fastify chose, not the raw URL: an API path spelt in escapes ('/%74rpc/…') is counted too.
    if (!/^\/(trpc|api)\//.test(req.routeOptions.url ?? '')) return done();
    if (config.OVERLOAD_MAX_IN_FLIGHT > 0 && inFlight >= config.OVERLOAD_MAX_IN_FLIGHT)
      return done(new OverloadedError());
    inFlight += 1;
    reply.raw.once('close', answered);
    done();
  });
  new Gauge({
    name: 'portal_http_requests_in_flight',
    help: 'API requests received and not yet answered',
    registers: [registry],
    collect() {
      this.set(inFlight);
    },
  });

  await app.register(underPressure, {
    maxEventLoopDelay: config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: config.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
    sampleInterval: 500,
    retryAfter: RETRY_AFTER_SECONDS,
  });
}
