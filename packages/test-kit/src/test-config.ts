import { type Config, loadConfig } from '@portal/bff/config';
import { testDatabaseUrl } from './test-database';

/** The BFF's configuration in tests, against the upstream at `upstreamUrl`, with the test's own variables. */
export function testConfig(upstreamUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    // into the test file's log sink, which is checked for personal data (log-sink.setup.ts)
    LOG_LEVEL: 'debug',
    // Test files share a busy event loop: load shedding is tested where it is turned on.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
    // Failures in a row are the lock tests' subject; the growing delay between them is tested on its own.
    SIGNIN_DELAY_BASE_MS: '0',
    UPSTREAM_URL: upstreamUrl,
    WEB_DIST: '/nonexistent',
    // the run's PostgreSQL server (postgres.global-setup.ts), when the project starts one
    ...(testDatabaseUrl() ? { DATABASE_URL: testDatabaseUrl() } : {}),
    ...env,
  });
}
