import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';
import { logSink } from './log-sink';
import { testDatabaseUrl } from './test-database';

export interface AppProcess {
  url: string;
  child: ChildProcess;
  /** everything the process wrote (JSON log lines) */
  output: () => string;
  /** resolves when the process has exited */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill: (signal: NodeJS.Signals) => void;
}

const APPS = {
  bff: { env: { NODE_ENV: 'test', WEB_DIST: '/nonexistent' }, probe: '/healthz' },
  stub: { env: {}, probe: '/__stub/faults' },
} as const;

/**
 * The BFF or the stub as ops run it: its own Node process (`node --import tsx src/server.ts`) on a free
 * loopback port, configured only by the environment. Resolves once its probe answers.
 */
export async function startAppProcess(
  app: keyof typeof APPS,
  env: Record<string, string>,
  { logs = 'kept' }: { logs?: 'kept' | 'discarded' } = {},
): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: fileURLToPath(new URL(`../../../apps/${app}`, import.meta.url)),
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...APPS[app].env,
      // the test file's database (test-database.ts), unless the test names one
      ...(app === 'bff' && testDatabaseUrl() ? { DATABASE_URL: testDatabaseUrl() ?? '' } : {}),
      ...env,
      // under vitest, a BFF logs at debug level and its output goes into the file's log check
      ...(app === 'bff' && logSink.active ? { LOG_LEVEL: 'debug' } : {}),
    },
    // Discarded logs still cost the process its writes, but not the reader: a benchmark's load generator
    // shares the machine, and collecting 10,000 lines a second would slow it, not the process measured.
    stdio: ['ignore', logs === 'kept' ? 'pipe' : 'ignore', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (app === 'bff' && logSink.active) logSink.processes.push(() => output);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`${app} exited at start:\n${output}`);
    const up = await fetch(`${url}${APPS[app].probe}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 300) {
      child.kill('SIGKILL');
      throw new Error(`${app} did not answer on ${url}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => output, exited, kill: (signal) => child.kill(signal) };
}

export const startBffProcess = (env: Record<string, string>) => startAppProcess('bff', env);
