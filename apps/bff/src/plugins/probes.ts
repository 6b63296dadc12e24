import type { FastifyInstance } from 'fastify';
import type { SessionStore } from '../session/session-store';
import type { SocketConnection } from '../upstream/socket-connection';
import { NEVER_SHED, RETRY_AFTER_SECONDS } from './load-shedding';

const READY_PROBE_MS = 2_000;

/**
 * `/healthz`: the process answers. `/readyz`: not shutting down, and the store and the proxy channel
 * (what user actions need) are reachable; the tracking channels are reported but never make an
 * instance unready, since tracking never blocks a user.
 */
export function probes(
  app: FastifyInstance,
  {
    store,
    proxy,
    tracking,
    closing,
  }: {
    store: SessionStore;
    proxy: SocketConnection;
    tracking: Record<string, SocketConnection>;
    closing: () => boolean;
  },
) {
  app.get('/healthz', NEVER_SHED, async () => ({ status: 'ok' }));

  app.get('/readyz', NEVER_SHED, async (_req, reply) => {
    const [storeOk, proxyOk, ...trackingOk] = await Promise.all([
      store.ping(),
      proxy.ready(READY_PROBE_MS),
      ...Object.values(tracking).map((connection) => connection.ready(READY_PROBE_MS)),
    ]);
    const shuttingDown = closing();
    const ready = !shuttingDown && storeOk && proxyOk;
    const names = Object.keys(tracking);
    if (!ready) reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return {
      status: ready ? 'ready' : 'unavailable',
      store: storeOk,
      proxy: proxyOk,
      ...Object.fromEntries(names.map((name, i) => [name, trackingOk[i] ?? false])),
      ...(shuttingDown ? { closing: true } : {}),
    };
  });
}
