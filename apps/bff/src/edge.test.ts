import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VERIFY_PDF_MAX_BYTES, VERIFY_PDF_PATH } from '@portal/contracts/verification-pdf';
import { type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const deployFile = (name: string) =>
  readFileSync(new URL(`../../../deploy/${name}`, import.meta.url), 'utf8');
const NGINX_CONF = deployFile('nginx.conf');
const REAL_IP_TEMPLATE = deployFile('nginx-real-ip.conf.template');
const TLS_TEMPLATE = deployFile('nginx-tls.conf.template');

/** nginx on this machine: Debian's package puts it in /usr/sbin, which a user's PATH may lack. */
const nginxBinary = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin']
  .map((dir) => join(dir, 'nginx'))
  .find((file) => file.startsWith('/') && existsSync(file));
// CI installs nginx (.ci/run), so there a missing binary fails the run; a workstation without it skips.
const skip = nginxBinary === undefined && process.env.CI !== 'true';

/** Each replacement, of a text expected exactly once: a change in the deploy file fails here, not silently. */
function substitute(text: string, file: string, pairs: [string, string][]) {
  return pairs.reduce((result, [from, to]) => {
    expect(result.split(from).length - 1, `${file} holds "${from}" once`).toBe(1);
    return result.replace(from, to);
  }, text);
}

/**
 * The real deploy/nginx.conf with only what ties it to a container replaced: the replica's DNS name (and
 * `resolve`, which Debian's nginx 1.22 lacks, so the resolver's template is not included) becomes this
 * test's BFF plus a replica that breaks on demand, the listen ports free ports, the include directories
 * and the pid and temp files this test's directory. The image
 * runs it whole: scripts/check-stack.sh.
 */
function renderConf(
  conf: string,
  at: { dir: string; port: number; health: number; bff: number; broken: number },
) {
  const substitutions: [string, string][] = [
    [
      'server bff:3000 resolve max_fails=1 fail_timeout=10s;',
      `server 127.0.0.1:${at.bff} max_fails=1 fail_timeout=10s;\n    server 127.0.0.1:${at.broken} max_fails=1 fail_timeout=10s;`,
    ],
    ['listen 8080;', `listen 127.0.0.1:${at.port};`],
    ['listen 127.0.0.1:8081;', `listen 127.0.0.1:${at.health};`],
    ['include /etc/nginx/portal.d/http/*.conf;', `include ${at.dir}/portal.d/http/*.conf;`],
    ['include /etc/nginx/portal.d/*.conf;', `include ${at.dir}/portal.d/*.conf;`],
    ['pid /tmp/nginx.pid;', `pid ${at.dir}/nginx.pid;`],
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t): [string, string] => [
      `${t}_temp_path /tmp/${t};`,
      `${t}_temp_path ${at.dir}/${t};`,
    ]),
  ];
  return substitute(conf, 'deploy/nginx.conf', substitutions);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A second replica: a TCP relay to the BFF that keeps the head of each request it passes on and, once
 * `breaking`, drops each connection as soon as a request arrives on it (a replica dying mid-request),
 * counting those requests by method.
 */
function breakableReplica(target: number) {
  const dropped: string[] = [];
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const state = { breaking: false, connections: 0 };
  const server: Server = createServer((client) => {
    state.connections++;
    const upstream = createConnection(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      const head = chunk.toString('latin1').split('\r\n\r\n')[0] ?? '';
      if (!state.breaking) {
        if (/^[A-Z]+ \//.test(head)) seen.push(head);
        return void upstream.write(chunk);
      }
      const method = /^([A-Z]+) \//.exec(head)?.[1];
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
    seen,
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

/** An nginx child process on the rendered config, with `portal.d` holding the given includes; up once its health server answers. */
async function startEdge(at: { bff: number; broken: number }, includes: Record<string, string>) {
  if (!nginxBinary) throw new Error('nginx is not installed: CI installs the Debian package (.ci/run)');
  const work = mkdtempSync(join(tmpdir(), 'edge-'));
  // nginx's workers drop root's rights: they must reach the temp files under this directory
  chmodSync(work, 0o755);
  mkdirSync(join(work, 'portal.d'));
  for (const [name, text] of Object.entries(includes)) writeFileSync(join(work, 'portal.d', name), text);
  const [port, health] = [await freePort(), await freePort()];
  writeFileSync(join(work, 'nginx.conf'), renderConf(NGINX_CONF, { dir: work, port, health, ...at }));
  const args = ['-p', `${work}/`, '-c', join(work, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;'];
  // its logs (/dev/stdout, /dev/stderr) into a file: Node's pipes are sockets, which nginx cannot open
  const log = openSync(join(work, 'nginx.log'), 'a');
  const output = () => readFileSync(join(work, 'nginx.log'), 'utf8');
  const check = spawnSync(nginxBinary, [...args, '-t'], { stdio: ['ignore', log, log] });
  expect(check.status, output()).toBe(0);
  const child = spawn(nginxBinary, args, { stdio: ['ignore', log, log] });
  closeSync(log);
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${health}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 100 || child.exitCode !== null) throw new Error(`nginx did not start: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    port,
    work,
    output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** A request as a client at `localAddress` sends it (127.0.0.1 is the trusted terminator here, 127.0.0.2 is not). */
function send(
  url: string,
  {
    method = 'GET',
    headers = {},
    localAddress = '127.0.0.1',
    body: sent,
  }: { method?: string; headers?: Record<string, string>; localAddress?: string; body?: Buffer },
) {
  const { request } = url.startsWith('https:') ? https : http;
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const req = request(url, { method, headers, localAddress, rejectUnauthorized: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject).end(sent ?? (method === 'POST' ? '{}' : undefined));
  });
}

describe.skipIf(skip)(
  `the edge: deploy/nginx.conf run by nginx in front of a BFF${skip ? ' (skipped: nginx is not installed here; apt-get install nginx)' : ''}`,
  () => {
    let stack: Stack;
    let replica: ReturnType<typeof breakableReplica>;
    let plain: Awaited<ReturnType<typeof startEdge>>;
    let edge: string;

    beforeAll(async () => {
      stack = await startStack({ env: { VERIFY_MAX_PER_IP: '1000', TRUST_PROXY: '127.0.0.1' } });
      replica = breakableReplica(Number(new URL(stack.url).port));
      await new Promise<void>((resolve) => replica.server.listen(0, '127.0.0.1', resolve));
      // behind a terminator at 127.0.0.1: the real-IP template rendered as the nginx image would
      plain = await startEdge(
        { bff: Number(new URL(stack.url).port), broken: (replica.server.address() as { port: number }).port },
        { 'real-ip.conf': REAL_IP_TEMPLATE.replace(/\$\{EDGE_TRUSTED_PROXY\}/, '127.0.0.1') },
      );
      edge = `http://127.0.0.1:${plain.port}`;
    });
    afterAll(async () => {
      await plain?.stop();
      await replica?.close();
      await stack?.close();
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

    it('reuses its connections to the replicas (HTTP/1.1 keepalive)', async () => {
      const [requests, connections] = [replica.seen.length, replica.state.connections];
      for (let i = 0; i < 12; i++) await (await fetch(`${edge}/healthz`)).arrayBuffer();
      const reached = replica.seen.length - requests;
      expect(reached).toBeGreaterThan(2);
      // at most one new connection per nginx worker, whatever the number of requests
      expect(replica.state.connections - connections).toBeLessThan(reached);
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

    /** The head of a request as the replica received it, through the relay (round robin reaches it). */
    async function upstreamHead(localAddress: string, headers: Record<string, string>) {
      const marker = `${localAddress}-${Date.now()}`;
      for (let i = 0; i < 4; i++) {
        const answer = await send(`${edge}/healthz?m=${marker}`, { headers, localAddress });
        const head = replica.seen.find((h) => h.includes(`m=${marker}`));
        if (head) return { answer, head };
      }
      throw new Error('no request reached the relay');
    }
    const header = (head: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];

    it('believes X-Forwarded-For and X-Forwarded-Proto from the trusted terminator only', async () => {
      const forwarded = { 'x-forwarded-for': '198.51.100.1, 203.0.113.7', 'x-forwarded-proto': 'https' };
      const trusted = await upstreamHead('127.0.0.1', forwarded);
      // the client is the last address the terminator appended; the BFF reads the last one nginx wrote
      expect(header(trusted.head, 'x-forwarded-for')?.split(/,\s*/).at(-1)).toBe('203.0.113.7');
      expect(header(trusted.head, 'x-forwarded-proto')).toBe('https');
      expect(trusted.answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(plain.output()).toMatch(/^203\.0\.113\.7 .*GET \/healthz/m);

      // anyone else's forwarding headers are replaced by what nginx saw
      const stranger = await upstreamHead('127.0.0.2', forwarded);
      expect(header(stranger.head, 'x-forwarded-for')).toBe('127.0.0.2');
      expect(header(stranger.head, 'x-forwarded-proto')).toBe('http');
      expect(stranger.answer.headers['strict-transport-security']).toBeUndefined();

      // so a mutation from the https page passes the BFF's origin check through the terminator only
      const mutation = (localAddress: string) =>
        send(`${edge}/trpc/auth.signOut`, {
          method: 'POST',
          localAddress,
          headers: {
            ...forwarded,
            origin: `https://127.0.0.1:${plain.port}`,
            'content-type': 'application/json',
          },
        });
      expect((await mutation('127.0.0.1')).status).toBe(200);
      expect((await mutation('127.0.0.2')).status).toBe(403);
    });

    it('over TLS: X-Forwarded-Proto https to the BFF, HSTS on every answer, plain http sent to https', async () => {
      const certs = mkdtempSync(join(tmpdir(), 'edge-tls-'));
      const made = spawnSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-subj',
          '/CN=localhost',
          '-days',
          '1',
          '-keyout',
          join(certs, 'privkey.pem'),
          '-out',
          join(certs, 'fullchain.pem'),
        ],
        { encoding: 'utf8' },
      );
      expect(made.status, made.stderr).toBe(0);
      const tlsPort = await freePort();
      // Debian's nginx 1.22 has no `http2 on` (1.25.1+): HTTP/2 goes on the listen line there
      const conf = substitute(TLS_TEMPLATE, 'deploy/nginx-tls.conf.template', [
        ['listen 443 ssl;', `listen 127.0.0.1:${tlsPort} ssl http2;`],
        ['http2 on;', ''],
        ['ssl_certificate /etc/nginx/tls/', `ssl_certificate ${certs}/`],
        ['ssl_certificate_key /etc/nginx/tls/', `ssl_certificate_key ${certs}/`],
      ]);
      const tls = await startEdge(
        { bff: Number(new URL(stack.url).port), broken: (replica.server.address() as { port: number }).port },
        { 'tls.conf': conf },
      );
      try {
        const origin = `https://127.0.0.1:${tlsPort}`;
        const health = await send(`${origin}/healthz`, {});
        expect(health.status).toBe(200);
        expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        const signOut = await send(`${origin}/trpc/auth.signOut`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
        });
        expect(signOut.status).toBe(200);
        // nginx's own errors carry HSTS too
        const denied = await send(`${origin}${VERIFY_PDF_PATH}`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/pdf' },
          body: Buffer.alloc(VERIFY_PDF_MAX_BYTES + 1),
        });
        expect(denied.status).toBe(413);
        expect(denied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        const redirect = await send(`http://127.0.0.1:${tls.port}/login?x=1`, {});
        expect(redirect.status).toBe(308);
        expect(redirect.headers.location).toBe('https://127.0.0.1/login?x=1');
      } finally {
        await tls.stop();
        rmSync(certs, { recursive: true, force: true });
      }
    });

    it('retries a GET on another replica when one drops it, and never sends a POST twice', async () => {
      replica.state.breaking = true;
      try {
        const posts = await Promise.all(
          Array.from({ length: 6 }, () =>
            post('/trpc/auth.signOut', '{}').then(async (r) => ({ status: r.status, body: await r.text() })),
          ),
        );
        const droppedPosts = replica.dropped.filter((m) => m === 'POST').length;
        expect(droppedPosts).toBeGreaterThan(0);
        // every POST the dropping replica took is answered 502, not re-sent to the other replica
        const failed = posts.filter((p) => p.status === 502);
        expect(failed).toHaveLength(droppedPosts);
        expect(JSON.parse(failed[0]?.body ?? '')).toEqual({
          error: {
            message: 'O portal está com instabilidade no momento. Tente novamente em alguns instantes.',
          },
        });

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
