import { createFileDatabase } from './test-database';

// Before a test file's tests: its own database, a copy of the run's migrated template.
await createFileDatabase();
