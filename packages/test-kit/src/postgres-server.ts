import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port';

const run = promisify(execFile);

/** Debian's PostgreSQL binaries (the `postgresql` package), the newest installed; PG_BIN overrides. */
async function binaries(): Promise<string> {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  const newest = versions
    .map(Number)
    .filter(Number.isFinite)
    .sort((a, b) => b - a)[0];
  if (newest === undefined)
    throw new Error('PostgreSQL is not installed: apt-get install postgresql (the README lists it)');
  return `/usr/lib/postgresql/${newest}/bin`;
}

/** initdb and postgres refuse to run as root: as root, they run as Debian's postgres user. */
const asServerUser = (command: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A real PostgreSQL server for tests, on a free port and a temporary data folder, without durability (fsync
 * off: a test's data need not survive a power cut). `stop` kills it as a crash would, `start` brings it
 * back; `database` creates an empty database of its own for a test.
 */
export async function startPostgresServer() {
  const bin = await binaries();
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'postgres-test-'));
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) {
    await chmod(dir, 0o755);
    await chown(
      dir,
      Number((await run('id', ['-u', 'postgres'])).stdout),
      Number((await run('id', ['-g', 'postgres'])).stdout),
    );
  }
  const exec = (command: string, args: string[]) => run(...asServerUser(join(bin, command), args));
  await exec('initdb', [
    '-D',
    data,
    '-U',
    'portal',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const url = (database = 'postgres') => `postgres://portal@127.0.0.1:${port}/${database}`;

  async function start() {
    await exec('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      'start',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=300`,
    ]);
    for (let i = 0; i < 100; i += 1) {
      if (await answers(url())) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`PostgreSQL did not answer on port ${port}`);
  }

  /** Kills the server (SIGKILL to the postmaster and its backends), as a crash would. */
  async function stop() {
    const pid = Number((await readFile(join(data, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
    if (!pid) return;
    await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() =>
      process.kill(pid, 'SIGKILL'),
    );
  }

  let created = 0;
  await start();
  return {
    port,
    url: url(),
    /** the folder of the server's socket: pg_dump and pg_restore reach it through `-h` */
    socketDir: dir,
    bin,
    start,
    stop,
    /** A new empty database on this server: its URL. */
    async database(prefix = 'test'): Promise<string> {
      created += 1;
      const name = `${prefix}_${process.pid}_${created}_${Date.now().toString(36)}`;
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
