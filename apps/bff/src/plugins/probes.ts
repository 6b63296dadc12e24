import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../http/error-envelope';
import { NEVER_SHED } from './load-shedding';

/** Why this process is not taking traffic now, if it is not. */
type NotReady = 'starting' | 'draining';

/**
 * `/healthz`: the process answers (liveness). `/readyz`: this process can take traffic — started and not
 * draining for a shutdown. Neither load nor dependencies make it unready: every replica shares the peak and
 * the store and upstream channels, so either would pull all of them out of service at once, leaving the
 * load balancer nothing to send to. An overloaded replica sheds requests itself (503 + Retry-After); the
 * dependencies' state is in /metrics (`portal_dependency_up`).
 */
export function probes(app: FastifyInstance, { closing }: { closing: () => boolean }) {
  let started = false;
  app.addHook('onReady', async () => {
    started = true;
  });

  const notReady = (): NotReady | undefined => {
    if (!started) return 'starting';
    if (closing()) return 'draining';
    return undefined;
  };

  app.get('/healthz', NEVER_SHED, async () => ({ status: 'ok' }));

  app.get('/readyz', NEVER_SHED, async (_req, reply) => {
    const reason = notReady();
    if (!reason) return { status: 'ready' };
    reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return { status: 'unavailable', reason };
  });
}
