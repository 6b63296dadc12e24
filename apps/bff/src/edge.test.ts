import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VERIFY_PDF_MAX_BYTES, VERIFY_PDF_PATH } from '@portal/contracts/verification-pdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './testing/harness';

const NGINX_CONF = readFileSync(new URL('../../../deploy/nginx.conf', import.meta.url), 'utf8');

/** nginx on this machine: Debian's package puts it in /usr/sbin, which a user's PATH may lack. */
const nginxBinary = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin']
  .map((dir) => join(dir, 'nginx'))
  .find((file) => file.startsWith('/') && existsSync(file));
// CI installs nginx (.ci/run), so there a missing binary fails the run; a workstation without it skips.
const skip = nginxBinary === undefined && process.env.CI !== 'true';

/**
 * The real deploy/nginx.conf with only what ties it to Docker replaced, each expected exactly once: the
 * replica's DNS name (and `resolve`, which Debian's nginx 1.22 lacks) becomes this test's BFF plus a
 * replica that breaks on demand, the listen ports free ports, the include directory and the temp files
 * this test's directory.
 */
function renderConf(
  conf: string,
  at: { dir: string; port: number; health: number; bff: number; broken: number },
) {
  const substitutions: [string, string][] = [
    [
      'server bff:3000 resolve max_fails=3 fail_timeout=10s;',
      `server 127.0.0.1:${at.bff} max_fails=3 fail_timeout=10s;\n    server 127.0.0.1:${at.broken} max_fails=3 fail_timeout=10s;`,
    ],
    ['listen 8080;', `listen 127.0.0.1:${at.port};`],
    ['listen 127.0.0.1:8081;', `listen 127.0.0.1:${at.health};`],
    ['include /etc/nginx/portal.d/*.conf;', `include ${at.dir}/portal.d/*.conf;`],
    [
      'http {',
      `http {\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${at.dir}/${t};`).join('\n')}`,
    ],
  ];
  return substitutions.reduce((text, [from, to]) => {
    expect(text.split(from).length - 1, `deploy/nginx.conf holds "${from}" once`).toBe(1);
    return text.replace(from, to);
  }, conf);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A second replica: a TCP relay to the BFF that, once `breaking`, drops each connection as soon as a
 * request arrives on it (a replica dying mid-request), counting those requests by method.
 */
function breakableReplica(target: number) {
  const dropped: string[] = [];
  const sockets = new Set<Socket>();
  const state = { breaking: false };
  const server: Server = createServer((client) => {
    const upstream = createConnection(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      if (!state.breaking) return void upstream.write(chunk);
      const method = /^([A-Z]+) \//.exec(chunk.toString('latin1'))?.[1];
      if (method) dropped.push(method);
      client.destroy();
      upstream.destroy();
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  return {
    server,
    dropped,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

describe.skipIf(skip)(
  `the edge: deploy/nginx.conf run by nginx in front of a BFF${skip ? ' (skipped: nginx is not installed here; apt-get install nginx)' : ''}`,
  () => {
    let stack: Stack;
    let replica: ReturnType<typeof breakableReplica>;
    let nginx: ChildProcess;
    let work: string;
    let edge: string;

    beforeAll(async () => {
      if (!nginxBinary) throw new Error('nginx is not installed: CI installs the Debian package (.ci/run)');
      stack = await startStack({ env: { VERIFY_MAX_PER_IP: '1000', TRUST_PROXY: '127.0.0.1' } });
      replica = breakableReplica(Number(new URL(stack.url).port));
      await new Promise<void>((resolve) => replica.server.listen(0, '127.0.0.1', resolve));
      work = mkdtempSync(join(tmpdir(), 'edge-'));
      const [port, health] = [await freePort(), await freePort()];
      const conf = renderConf(NGINX_CONF, {
        dir: work,
        port,
        health,
        bff: Number(new URL(stack.url).port),
        broken: (replica.server.address() as { port: number }).port,
      });
      writeFileSync(join(work, 'nginx.conf'), conf);
      const args = ['-p', `${work}/`, '-c', join(work, 'nginx.conf'), '-e', 'stderr'];
      const global = `daemon off; pid ${work}/nginx.pid;${process.getuid?.() === 0 ? ' user root;' : ''}`;
      // its logs (/dev/stdout, /dev/stderr) into a file: Node's pipes are sockets, which nginx cannot open
      const log = openSync(join(work, 'nginx.log'), 'a');
      const output = () => readFileSync(join(work, 'nginx.log'), 'utf8');
      const check = spawnSync(nginxBinary, [...args, '-g', global, '-t'], { stdio: ['ignore', log, log] });
      expect(check.status, output()).toBe(0);
      nginx = spawn(nginxBinary, [...args, '-g', global], { stdio: ['ignore', log, log] });
      closeSync(log);
      edge = `http://127.0.0.1:${port}`;
      // up once its health server answers
      for (let i = 0; ; i++) {
        const up = await fetch(`http://127.0.0.1:${health}/`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (i > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start: ${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    afterAll(async () => {
      if (nginx && nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGTERM');
        await exited;
      }
      await replica?.close();
      await stack?.close();
      if (work) rmSync(work, { recursive: true, force: true });
    });

    const post = (path: string, body: Uint8Array | string, headers: Record<string, string> = {}) =>
      fetch(`${edge}${path}`, {
        method: 'POST',
        headers: { origin: edge, 'content-type': 'application/json', ...headers },
        body,
      });

    it('passes the BFF’s own answers through and keeps probes and metrics inside', async () => {
      const health = await fetch(`${edge}/healthz`);
      expect(health.status).toBe(200);
      // nginx's request id, answered back by the BFF: the answer came through from the replica
      expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
      expect((await fetch(`${edge}/readyz`)).status).toBe(403);
      expect((await fetch(`${edge}/metrics`)).status).toBe(403);
    });

    it('lets a 1 MB PDF through to the BFF and refuses 2 MB + 1 byte in the portal’s envelope', async () => {
      const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);
      const accepted = await post(VERIFY_PDF_PATH, pdf(1024 * 1024), { 'content-type': 'application/pdf' });
      expect(accepted.status).not.toBe(413);
      expect(accepted.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);

      const refused = await post(VERIFY_PDF_PATH, pdf(VERIFY_PDF_MAX_BYTES + 1), {
        'content-type': 'application/pdf',
      });
      expect(refused.status).toBe(413);
      expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(
        Object.fromEntries(Object.keys(SECURITY_HEADERS).map((h) => [h, refused.headers.get(h)])),
      ).toEqual(SECURITY_HEADERS);
      expect(await refused.json()).toEqual({
        error: { message: 'O arquivo é grande demais: envie um PDF de até 2 MB.' },
      });
      // nginx answered it: the BFF never saw it
      expect(refused.headers.get('x-request-id')).toBeNull();
    });

    it('answers a burst of sign-ins past its ceiling with 429 in the portal’s envelope', async () => {
      const statuses: number[] = [];
      let limited: Response | undefined;
      for (let i = 0; i < 40 && !limited; i++) {
        const response = await post('/trpc/auth.signIn', '{}');
        statuses.push(response.status);
        if (response.status === 429) limited = response;
        else await response.arrayBuffer();
      }
      // the burst (20) and the first request reach the BFF, which refuses the empty input itself
      expect(statuses.slice(0, 21).every((s) => s === 400)).toBe(true);
      expect(limited?.status).toBe(429);
      expect(limited?.headers.get('retry-after')).toBe('60');
      expect(limited?.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await limited?.json()).toEqual({
        error: { message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' },
      });
      // other procedures are not limited
      expect((await fetch(`${edge}/trpc/auth.session`)).status).toBe(200);
    });

    it('retries a GET on another replica when one drops it, and never sends a POST twice', async () => {
      replica.state.breaking = true;
      try {
        const posts = await Promise.all(
          Array.from({ length: 6 }, () => post('/trpc/auth.signOut', '{}').then((r) => r.status)),
        );
        const droppedPosts = replica.dropped.filter((m) => m === 'POST').length;
        expect(droppedPosts).toBeGreaterThan(0);
        // every POST the dropping replica took is answered 502, not re-sent to the other replica
        expect(posts.filter((s) => s === 502)).toHaveLength(droppedPosts);

        const gets = await Promise.all(
          Array.from({ length: 6 }, () => fetch(`${edge}/healthz`).then((r) => r.status)),
        );
        expect(gets).toEqual(Array(6).fill(200));
      } finally {
        replica.state.breaking = false;
      }
    });
  },
);
