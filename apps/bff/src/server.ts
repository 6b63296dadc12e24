import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: config.PORT, host: config.HOST });

// Stop taking connections, let in-flight requests finish (SHUTDOWN_GRACE_MS), then exit; never past 10 s.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutdown: started');
    setTimeout(() => process.exit(1), 10_000).unref();
    void app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
