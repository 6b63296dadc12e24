import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** SIGTERM's first step: /readyz answers 503, so that the load balancer moves traffic away */
    beginShutdown(): void;
    /** once the listener no longer takes connections: every answer closes its connection */
    endKeepAlive(): void;
  }
}

/**
 * Shutdown (SIGTERM), in server.ts: first a drain — still serving, keep-alive untouched, /readyz 503 —
 * so that the load balancer moves away; then the listener stops taking connections and every answer
 * closes its connection (while clients keep reusing their open connections no new one is being made at
 * the moment the listener closes, which would be reset); then app.close(): requests in flight may finish
 * within the grace period. Past it, `onGraceOver` settles what waits on the upstream (a clear 'try again'
 * answer rather than a reset) and what is left is cut. Returns whether the instance is shutting down.
 */
export function shutdown(
  app: FastifyInstance,
  { graceMs, onGraceOver }: { graceMs: number; onGraceOver: () => void },
): () => boolean {
  let draining = false;
  let closing = false;
  let grace: NodeJS.Timeout | undefined;
  app.decorate('beginShutdown', () => {
    draining = true;
  });
  app.decorate('endKeepAlive', () => {
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
  return () => draining || closing;
}
