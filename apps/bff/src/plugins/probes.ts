import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../http/error-envelope';
import { NEVER_SHED } from './load-shedding';

/** Why this process is not taking traffic now, if it is not. */
type NotReady = 'starting' | 'draining' | 'database';

/** How long a database ping's answer stands: a probe every second costs one `select 1` at most. */
const DATABASE_PING_MS = 1_000;

/**
 * `/healthz`: the process answers (liveness). `/readyz`: this process can take traffic — started (its
 * database migrated), not draining for a shutdown, and its database answering. Load and the other
 * dependencies do not make it unready: every replica shares the peak, the store and the upstream channels,
 * so either would pull all of them out of service at once, leaving the load balancer nothing to send to. An
 * overloaded replica sheds requests itself (503 + Retry-After); the dependencies' state is in /metrics
 * (`portal_dependency_up`). The database is the exception the operators asked for: a replica that cannot
 * reach it (its own network path, its own pool) is taken out, and while every replica cannot, the proxy
 * answers the outage as they would, with nothing half-written.
 */
export function probes(
  app: FastifyInstance,
  { closing, database }: { closing: () => boolean; database: { ping(): Promise<boolean> } },
) {
  let started = false;
  let databaseUp: { at: number; up: Promise<boolean> } | undefined;
  const databaseAnswers = () => {
    const now = Date.now();
    if (!databaseUp || now - databaseUp.at >= DATABASE_PING_MS) databaseUp = { at: now, up: database.ping() };
    return databaseUp.up;
  };
  app.addHook('onReady', async () => {
    started = true;
  });

  const notReady = async (): Promise<NotReady | undefined> => {
    if (!started) return 'starting';
    if (closing()) return 'draining';
    if (!(await databaseAnswers())) return 'database';
    return undefined;
  };

  app.get('/healthz', NEVER_SHED, async () => ({ status: 'ok' }));

  app.get('/readyz', NEVER_SHED, async (_req, reply) => {
    const reason = await notReady();
    if (!reason) return { status: 'ready' };
    reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return { status: 'unavailable', reason };
  });
}
