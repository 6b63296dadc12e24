// biome-ignore-all format: redis-server's flags read best in pairs
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freePort } from './free-port';

const run = promisify(execFile);

async function answers(port: number): Promise<boolean> {
  const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * A real redis-server for a test file, on a free port, without persistence; `stop` and `start` play
 * an outage. `--daemonize yes` exits 0 even when the port is taken, so start waits for a PONG.
 */
export async function startRedisServer() {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'redis-test-'));
  const pidfile = join(dir, 'redis.pid');

  async function start() {
    await run('redis-server', [
      '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
      '--daemonize', 'yes', '--pidfile', pidfile, '--dir', dir,
    ]);
    for (let i = 0; i < 100; i += 1) {
      if (await answers(port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not answer on port ${port}`);
  }

  async function stop() {
    const pid = Number((await readFile(pidfile, 'utf8').catch(() => '')).trim());
    if (!pid) return;
    process.kill(pid, 'SIGTERM');
    // gone, not only silent: a loaded machine may take seconds to end it, and it must not answer after
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 400 && alive(); i += 1) await new Promise((r) => setTimeout(r, 50));
    if (alive()) throw new Error(`redis-server ${pid} did not stop within 20 s`);
    await rm(pidfile, { force: true });
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    /** A plain client, to look at what the store wrote. */
    client: () => new Redis({ port, host: '127.0.0.1' }).on('error', () => {}),
    /** Every key the server holds that would never expire (a TTL of -1): none may exist. */
    async keysWithoutTtl(): Promise<string[]> {
      const client = new Redis({ port, host: '127.0.0.1' }).on('error', () => {});
      try {
        const found: string[] = [];
        let cursor = '0';
        do {
          const [next, keys] = await client.scan(cursor, 'COUNT', 1000);
          cursor = next;
          const ttls = await Promise.all(keys.map((key) => client.pttl(key)));
          found.push(...keys.filter((_, i) => ttls[i] === -1));
        } while (cursor !== '0');
        return found;
      } finally {
        client.disconnect();
      }
    },
    /** Stops the server; first fails the test file if the store left any key without a time to live. */
    async close() {
      const forever = (await answers(port)) ? await this.keysWithoutTtl() : [];
      await stop();
      await rm(dir, { recursive: true, force: true });
      if (forever.length > 0)
        throw new Error(`Redis keys without a time to live: ${forever.slice(0, 20).join(', ')}`);
    },
  };
}

export type RedisServer = Awaited<ReturnType<typeof startRedisServer>>;
