// The bench's PostgreSQL: one real server for the whole run, started when an area first needs a BFF, and a
// fresh empty database for each BFF process (the BFF migrates it at its start), so that no area reads the
// rows another wrote. Production keeps the records on such a server; PGlite in the BFF's own process would
// weigh on its memory and its event loop, and the figures would not be production's.
// The server is the tests' (packages/test-kit): fsync and synchronous commits off. The reads measured are
// unaffected; writes (a sign-in's line of activity) come out cheaper than on a durable server.
import { startPostgresServer } from '@portal/test-kit/postgres-server';

export interface BenchDatabases {
  /** The URL of a new empty database on the run's server, started at the first call. */
  database(): Promise<string>;
  /** Stops the server, if one was started, and removes its data folder. */
  close(): Promise<void>;
}

export function benchDatabases(): BenchDatabases {
  let server: ReturnType<typeof startPostgresServer> | undefined;
  return {
    async database() {
      server ??= startPostgresServer();
      return (await server).database('bench');
    },
    async close() {
      const started = server;
      server = undefined;
      const running = await started?.catch(() => undefined);
      await running?.close();
    },
  };
}
