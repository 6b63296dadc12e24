// `pnpm start`'s app (the simulator, the BFF and the built SPA in one process) on free loopback ports,
// for the benches that drive a browser. Its records go to the PostgreSQL database it is given, as in
// production, and what it keeps on disk (the HMAC secret) to a temporary folder, not the checkout's .data/.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@portal/test-kit/free-port';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Served {
  url: string;
  /** the simulator's own address, for its controls */
  stubUrl: string;
  stop: () => void;
}

/**
 * `node --import tsx scripts/start.ts` in `root` (this checkout by default), keeping its records in the
 * database at `databaseUrl`; resolves once the BFF answers.
 */
export async function startServed({
  root = ROOT,
  databaseUrl,
}: {
  root?: string;
  databaseUrl: string;
}): Promise<Served> {
  const port = await freePort();
  const stubPort = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-served-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      STUB_PORT: String(stubPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      PORTAL_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill('SIGKILL');
    void rm(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`scripts/start.ts exited at start:\n${output}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) {
      stop();
      throw new Error(`scripts/start.ts did not answer on ${url}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stubUrl: `http://127.0.0.1:${stubPort}`, stop };
}
