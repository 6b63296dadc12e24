import { buildStub } from './app';

// Standalone simulator for developers and Docker Compose; configuration from the environment.
const port = Number(process.env.STUB_PORT ?? process.env.PORT ?? 4010);
const host = process.env.HOST ?? '0.0.0.0';
const { app } = await buildStub({
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  publicUrl: process.env.STUB_PUBLIC_URL,
});
await app.listen({ port, host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
