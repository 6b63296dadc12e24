import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bff',
    environment: 'node',
    testTimeout: 20_000,
    // every BFF a test builds logs at debug level into a sink checked for personal data
    setupFiles: [
      fileURLToPath(import.meta.resolve('@portal/test-kit/log-sink.setup')),
      fileURLToPath(import.meta.resolve('@portal/test-kit/postgres.setup')),
    ],
    // one PostgreSQL server for the run, a database per test file (packages/test-kit/src/test-database.ts)
    globalSetup: [fileURLToPath(import.meta.resolve('@portal/test-kit/postgres.global-setup'))],
  },
});
