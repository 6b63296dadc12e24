import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './redis-server';

const BFF_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface BffProcess {
  url: string;
  child: ChildProcess;
  /** everything the process wrote (JSON log lines) */
  output: () => string;
  /** resolves when the process has exited, with how and how long after `signal` was sent */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill: (signal: NodeJS.Signals) => void;
}

/**
 * The BFF as ops run it: its own Node process (`node --import tsx src/server.ts`) on a free port,
 * configured only by the environment. Resolves once `/healthz` answers.
 */
export async function startBffProcess(env: Record<string, string>): Promise<BffProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: BFF_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`the BFF exited at start:\n${output}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 300) {
      child.kill('SIGKILL');
      throw new Error(`the BFF did not answer on ${url}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => output, exited, kill: (signal) => child.kill(signal) };
}
