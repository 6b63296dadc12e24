import type { Kysely, Migration, MigrationProvider } from 'kysely';
import * as records from './migrations/0001-records';
import * as reminders from './migrations/0002-reminders';

/**
 * Every migration, in order, by name: imported, not read from a folder, so the bundled BFF carries them.
 * Forward-only: a migration is never edited once on main, and none has a `down`; a change is a new one.
 */
const MIGRATIONS: Record<string, { up(db: Kysely<unknown>): Promise<void> }> = {
  '0001-records': records,
  '0002-reminders': reminders,
};

export const migrations: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  },
};
