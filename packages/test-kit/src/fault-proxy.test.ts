import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FaultProxy, startFaultProxy } from './fault-proxy';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP echo server that also keeps what it received. */
let echo: Server;
let received: string;
let proxy: FaultProxy;

beforeEach(async () => {
  received = '';
  echo = createServer((socket) => {
    socket.on('data', (chunk) => {
      received += chunk.toString();
      socket.write(chunk);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const address = echo.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  proxy = await startFaultProxy(`http://127.0.0.1:${address.port}`);
});

afterEach(async () => {
  await proxy.close();
  await new Promise<void>((resolve) => echo.close(() => resolve()));
});

/** A client through the proxy, with what it has read so far. */
async function connect() {
  const { port } = new URL(proxy.url);
  const socket: Socket = createConnection({ host: '127.0.0.1', port: Number(port) });
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  const client = { socket, read: '', closed: false };
  socket.on('data', (chunk) => {
    client.read += chunk.toString();
  });
  socket.on('close', () => {
    client.closed = true;
  });
  return client;
}

const until = async (check: () => boolean, ms = 2_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
};

describe('fault proxy', () => {
  it('forwards both ways in pass', async () => {
    const client = await connect();
    client.socket.write('hello');
    await until(() => client.read === 'hello');
    expect(received).toBe('hello');
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('holds traffic both ways in pause, keeps the sockets open, and lets it flow on after pass', async () => {
    const client = await connect();
    client.socket.write('a');
    await until(() => client.read === 'a');
    proxy.set('pause');
    client.socket.write('b');
    const late = await connect();
    late.socket.write('c');
    await sleep(150);
    expect(received).toBe('a');
    expect(client.read).toBe('a');
    expect(client.closed || late.closed).toBe(false);
    proxy.set('pass');
    await until(() => client.read === 'ab' && late.read === 'c');
  });

  it('takes and loses every byte in blackhole, for open and new connections alike', async () => {
    const client = await connect();
    proxy.set('blackhole');
    client.socket.write('lost');
    const late = await connect();
    late.socket.write('lost too');
    await sleep(150);
    expect(received).toBe('');
    expect(client.closed || late.closed).toBe(false);
    proxy.set('pass');
    client.socket.write('next');
    await until(() => client.read === 'next');
    expect(received).toBe('next');
  });

  it('destroys every open connection on drop, then passes new ones', async () => {
    const first = await connect();
    const second = await connect();
    await until(() => proxy.connections === 2);
    proxy.set('drop');
    await until(() => first.closed && second.closed);
    expect(proxy.connections).toBe(0);
    const next = await connect();
    next.socket.write('again');
    await until(() => next.read === 'again');
  });

  it('adds its latency each way and keeps the order', async () => {
    const client = await connect();
    proxy.set('delay', 100);
    const started = Date.now();
    for (const part of ['1', '2', '3']) client.socket.write(part);
    await until(() => client.read === '123');
    // 100 ms to the echo, 100 ms back
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    proxy.set('pass');
    const quick = Date.now();
    client.socket.write('4');
    await until(() => client.read === '1234');
    expect(Date.now() - quick).toBeLessThan(100);
  });
});
