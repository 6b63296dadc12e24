import { afterAll, vi } from 'vitest';
import { findLeaks, findSecrets, logSink, secretsInOutboxes } from './log-sink';

// Every BFF a test file builds logs at debug level into the file's sink, beside any stream the test
// reads itself; every stub it builds tells the sink whom it registers, copies or edits.
vi.mock('@portal/bff/app', async (importOriginal) => {
  const original = await importOriginal<typeof import('@portal/bff/app')>();
  const { logSink } = await import('./log-sink');
  const buildApp: typeof original.buildApp = (config, deps = {}) => {
    const logStream = {
      write(line: string) {
        logSink.lines.push(line);
        deps.logStream?.write(line);
      },
    };
    return original.buildApp({ ...config, LOG_LEVEL: 'debug' }, { ...deps, logStream });
  };
  return { ...original, buildApp };
});
vi.mock('@portal/stub/app', async (importOriginal) => {
  const original = await importOriginal<typeof import('@portal/stub/app')>();
  const { watchStub } = await import('./log-sink');
  return {
    ...original,
    buildStub: async (...args: Parameters<typeof original.buildStub>) =>
      watchStub(await original.buildStub(...args)),
  };
});

logSink.active = true;

// No log line of the file may name a seeded persona or anyone its stubs knew (copies, sign-ups, edits),
// nor carry a password, new password, reset code or upstream token the stubs saw or made.
afterAll(() => {
  const text = [...logSink.lines, ...logSink.processes.map((output) => output())].join('\n');
  const leaks = findLeaks(text, logSink.people);
  const secrets = findSecrets(text, [...logSink.secrets, ...secretsInOutboxes()]);
  if (leaks.length === 0 && secrets.length === 0) return;
  const list = leaks.map((l) => `  ${l.kind} (${l.form}) ${l.masked} ×${l.count}, first in: ${l.line}`);
  const secretList = secrets.map((masked) => `  secret ${masked}`);
  throw new Error(
    `Log lines carry personal data or secrets (values masked here):\n${[...list, ...secretList].join('\n')}`,
  );
});
