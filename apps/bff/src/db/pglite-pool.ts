import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * PGlite as the pool Kysely's PostgreSQL dialect takes, so that one dialect, one set of migrations and the
 * same queries run on PGlite and on a PostgreSQL server. PGlite is one connection: a client holds it alone
 * from `connect` to `release`, so a transaction's statements never interleave with another caller's.
 */
export function pglitePool(pglite: PGlite): PostgresPool {
  let held: Promise<void> = Promise.resolve();
  const client = (release: () => void): PostgresPoolClient =>
    ({
      async query<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(text, [...parameters]);
        return {
          command: commandOf(text),
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release,
    }) as PostgresPoolClient;
  return {
    async connect() {
      const previous = held;
      let release = () => {};
      held = new Promise((resolve) => {
        release = resolve;
      });
      await previous;
      return client(release);
    },
    async end() {
      await held;
      await pglite.close();
    },
  };
}

/** The statement's command, as node-postgres reports it: Kysely counts affected rows by it. */
function commandOf(text: string): PostgresQueryResult<unknown>['command'] {
  const word = /^\s*(insert|update|delete|merge)\b/i.exec(text)?.[1];
  return (word?.toUpperCase() as PostgresQueryResult<unknown>['command'] | undefined) ?? 'SELECT';
}
