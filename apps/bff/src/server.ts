import { Server } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app';
import { loadConfig } from './config';

// A refused configuration says why, one line per problem, without a stack trace to read past.
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
})();
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
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
