import { Server } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from './config/config';
import { startTracingIfConfigured } from './telemetry/start';

// A refused configuration says why, one line per problem, without a stack trace to read past.
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
})();
// Tracing (when an OTLP endpoint is set) starts before the app's modules load, so that its
// instrumentations patch them as they load: the app is imported only now.
const tracing = await startTracingIfConfigured(process.env);
const { buildApp } = await import('./app');
const app = await buildApp(config);
await app.listen({ port: config.PORT, host: config.HOST });

// Drain (SHUTDOWN_DRAIN_MS, not ready), stop taking connections and end keep-alive, let in-flight
// requests finish (SHUTDOWN_GRACE_MS), then exit; never past SHUTDOWN_EXIT_MS.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutdown: started');
    setTimeout(() => process.exit(1), config.SHUTDOWN_EXIT_MS).unref();
    app.beginShutdown();
    void sleep(config.SHUTDOWN_DRAIN_MS)
      .then(() => {
        // Stop accepting before anything is closed: a connection accepted a moment ago still gets its
        // request answered (http's own close would drop it as idle and the client would see a reset).
        // Only then does every answer close its connection: clients reconnect to a closed port (refused,
        // and retried elsewhere), never into the listener's backlog as it closes (reset).
        Server.prototype.close.call(app.server);
        app.endKeepAlive();
        return sleep(250);
      })
      .then(() => app.close())
      // the spans still buffered go out before the exit (within SHUTDOWN_EXIT_MS all the same)
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
