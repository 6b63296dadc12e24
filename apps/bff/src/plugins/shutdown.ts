import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** SIGTERM's first step: /readyz answers 503 and every answer closes its connection */
    beginShutdown(): void;
  }
}

/**
 * Shutdown (SIGTERM): first a drain (server.ts) — still serving, every answer with `Connection: close`,
 * /readyz 503 — so that keep-alive clients and the load balancer move away; then app.close(): no new
 * connections, requests in flight may finish within the grace period. Past it, `onGraceOver` settles
 * what waits on the upstream (a clear 'try again' answer rather than a reset) and what is left is cut.
 * Returns whether the instance is shutting down.
 */
export function shutdown(
  app: FastifyInstance,
  { graceMs, onGraceOver }: { graceMs: number; onGraceOver: () => void },
): () => boolean {
  let closing = false;
  let grace: NodeJS.Timeout | undefined;
  app.decorate('beginShutdown', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
    grace = setTimeout(() => {
      app.log.warn('shutdown: grace period over, ending what is still in flight');
      onGraceOver();
      setTimeout(() => app.server.closeAllConnections(), 250).unref();
    }, graceMs);
    grace.unref();
  });
  app.addHook('onClose', async () => clearTimeout(grace));
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  return () => closing;
}
