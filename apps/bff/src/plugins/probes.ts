import type { FastifyInstance } from 'fastify';
import { NEVER_SHED, RETRY_AFTER_SECONDS } from './load-shedding';

/** Why this process is not taking traffic now, if it is not. */
export type NotReady = 'starting' | 'draining' | 'overloaded';

/**
 * `/healthz`: the process answers (liveness). `/readyz`: this process can take traffic — started, not
 * draining for a shutdown, and its event loop not past the shedding limits. Dependencies (the store, the
 * upstream channels) never make it unready: they are shared by every replica, so a blip of one would pull
 * all of them out of service at once; their state is in /metrics (`portal_dependency_up`) instead.
 */
export function probes(app: FastifyInstance, { closing }: { closing: () => boolean }) {
  let started = false;
  app.addHook('onReady', async () => {
    started = true;
  });

  const notReady = (): NotReady | undefined => {
    if (!started) return 'starting';
    if (closing()) return 'draining';
    // under-pressure's own reading (event-loop delay and utilisation against the shedding settings)
    if (app.isUnderPressure()) return 'overloaded';
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
