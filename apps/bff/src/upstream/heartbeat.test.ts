import { UPSTREAM_CHANNELS } from '@portal/contracts/upstream/paths';
import { buildStub, type Stub } from '@portal/stub/app';
import { type FaultProxy, startFaultProxy } from '@portal/test-kit/fault-proxy';
import { testConfig } from '@portal/test-kit/test-config';
import type { FastifyBaseLogger } from 'fastify';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { UpstreamError } from './errors';
import { createProxyChannel, type ProxyChannel } from './proxy-channel';
import { createSocketConnection, type SocketConnection } from './socket-connection';

const HEARTBEAT_MS = 100;
// timers on a machine shared with other test runs fire a little late
const MARGIN_MS = 75;

const silentLogger = {
  info: () => undefined,
  warn: () => undefined,
  debug: () => undefined,
  error: () => undefined,
} as unknown as FastifyBaseLogger;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let stub: Stub;
let stubUrl: string;
let proxy: FaultProxy;
const closers: (() => unknown)[] = [];

beforeEach(async () => {
  stub = await buildStub();
  stubUrl = await stub.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = await startFaultProxy(stubUrl);
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await proxy.close();
  await stub.app.close();
});

const proxyChannelUrl = () => new URL(UPSTREAM_CHANNELS.proxy, proxy.url.replace(/^http/, 'ws')).toString();

/** A bare connection to the stub's proxy channel through the fault proxy, noting when it is lost. */
async function openConnection() {
  const lost: number[] = [];
  const connection: SocketConnection = createSocketConnection({
    url: proxyChannelUrl(),
    name: 'proxy',
    logger: silentLogger,
    heartbeatMs: HEARTBEAT_MS,
    onMessage: () => undefined,
    onLost: () => lost.push(Date.now()),
  });
  closers.push(() => connection.close());
  await connection.open();
  return { connection, lost };
}

function openProxyChannel(): ProxyChannel {
  const channel = createProxyChannel({
    url: proxyChannelUrl(),
    timeoutMs: 60_000,
    maxPending: 100,
    logger: silentLogger,
    backoffMs: { initial: 20, max: 200 },
    heartbeatMs: HEARTBEAT_MS,
  });
  closers.push(() => channel.close());
  return channel;
}

describe('socket heartbeat', () => {
  it('keeps a slow peer that still answers every ping', async () => {
    const { connection, lost } = await openConnection();
    proxy.set('delay', 25);
    await sleep(6 * HEARTBEAT_MS);
    expect(lost).toEqual([]);
    expect(connection.connected).toBe(true);
  });

  describe.each(['pause', 'blackhole'] as const)('when the peer goes silent without closing (%s)', (mode) => {
    it('declares the connection dead within two heartbeats, whenever in the beat the silence starts', async () => {
      const detected: number[] = [];
      // pings go out every HEARTBEAT_MS from the opening: go silent just after one was answered (the
      // slowest case), mid-way, and as one goes out
      for (const phase of [5, 35, 65, 95]) {
        const { connection, lost } = await openConnection();
        await sleep(2 * HEARTBEAT_MS + phase);
        const silent = Date.now();
        proxy.set(mode);
        const deadline = silent + 2 * HEARTBEAT_MS + MARGIN_MS + 1_000;
        while (lost.length === 0 && Date.now() < deadline) await sleep(5);
        detected.push((lost[0] ?? Number.POSITIVE_INFINITY) - silent);
        expect(lost).toHaveLength(1);
        expect(connection.connected).toBe(false);

        proxy.set('pass');
        await connection.open();
        expect(connection.connected).toBe(true);
        expect(connection.reconnects).toBe(1);
        connection.close();
      }
      console.log(
        `[heartbeat ${HEARTBEAT_MS} ms, ${mode}] declared dead ${detected.join(', ')} ms after the peer went silent`,
      );
      expect(Math.max(...detected)).toBeLessThanOrEqual(2 * HEARTBEAT_MS + MARGIN_MS);
    });

    it('fails a proxy request in flight on it at once as unavailable, not after its 60 s timeout', async () => {
      const channel = openProxyChannel();
      await channel.connection.open();
      proxy.set(mode);
      const sent = Date.now();
      const outcome = await Promise.race([
        channel.request('consultaDebito', { cpfcnpj: '52998224725', token: 'x' }).then(
          () => 'answered',
          (error: unknown) => (error instanceof UpstreamError ? error.kind : 'other'),
        ),
        sleep(1_500).then(() => 'still waiting'),
      ]);
      const settledMs = Date.now() - sent;
      console.log(`[heartbeat ${HEARTBEAT_MS} ms, ${mode}] request in flight settled after ${settledMs} ms`);
      expect(outcome).toBe('unavailable');
      expect(settledMs).toBeLessThan(1_000);
      expect(channel.pendingCount).toBe(0);
    });

    it('reports the proxy down in /metrics while silent and up again once the peer answers, ready throughout', async () => {
      const app = await buildApp(
        testConfig(stubUrl, {
          UPSTREAM_WS_URL: proxy.url.replace(/^http/, 'ws'),
          UPSTREAM_HEARTBEAT_MS: String(HEARTBEAT_MS),
        }),
      );
      closers.push(() => app.close());
      await app.ready();
      const proxyUp = async () =>
        (await request(app.server).get('/metrics')).text.match(
          /^portal_dependency_up\{dependency="proxy"\} (\d)$/m,
        )?.[1];
      expect(await proxyUp()).toBe('1');

      proxy.set(mode);
      await sleep(2 * HEARTBEAT_MS + MARGIN_MS);
      expect(await proxyUp()).toBe('0');
      // a shared dependency's blip never takes this replica out of service
      expect((await request(app.server).get('/readyz')).status).toBe(200);
      // what does not need the channel stays fast meanwhile
      const started = Date.now();
      expect((await request(app.server).get('/healthz')).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(100);

      proxy.set('pass');
      await expect.poll(proxyUp, { timeout: 5_000 }).toBe('1');
    });
  });
});
