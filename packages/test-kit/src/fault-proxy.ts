import { createConnection, createServer, type Socket } from 'node:net';

/**
 * What the proxy does with traffic, switchable at any time:
 * - `pass`: forwards both ways;
 * - `pause`: stops reading both ways but keeps every socket open, new ones too (a peer that went silent
 *   without closing); back to `pass`, what was held flows on intact;
 * - `blackhole`: takes every byte, both ways, and forwards none (the bytes are lost, so a stream that
 *   passes again afterwards is likely garbled);
 * - `delay`: forwards with `ms` of added latency each way;
 * - `drop`: destroys every open connection now, then passes.
 */
type FaultMode = 'pass' | 'pause' | 'blackhole' | 'drop';

interface Link {
  client: Socket;
  upstream: Socket;
}

/**
 * A loopback TCP proxy in front of `target` (an http:// or ws:// URL) that tests put between the BFF
 * and the stub to break the network in ways the stub cannot: `proxy.url` has the target's scheme.
 */
export async function startFaultProxy(target: string) {
  const dest = new URL(target);
  const host = dest.hostname.replace(/^\[|\]$/g, '');
  const port = Number(dest.port || (dest.protocol === 'https:' || dest.protocol === 'wss:' ? 443 : 80));
  const links = new Set<Link>();
  let mode: Exclude<FaultMode, 'drop'> | 'delay' = 'pass';
  let latencyMs = 0;

  const everySocket = () => [...links].flatMap(({ client, upstream }) => [client, upstream]);

  /** Forwards `from` to `sink` in order, each chunk after the latency in force when it arrived. */
  const forward = (from: Socket, sink: Socket) => {
    let tail = Promise.resolve();
    from.on('data', (chunk) => {
      if (mode === 'blackhole') return;
      const due = Date.now() + latencyMs;
      tail = tail.then(async () => {
        const wait = due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (!sink.destroyed) sink.write(chunk);
      });
    });
  };

  const server = createServer((client) => {
    const upstream = createConnection({ host, port });
    const link = { client, upstream };
    links.add(link);
    const end = () => {
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
      if (mode === 'pause') socket.pause();
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fault proxy: no port');

  return {
    /** the target's URL with the proxy's host and port */
    url: `${dest.protocol}//127.0.0.1:${address.port}`,
    /** connections open through the proxy now */
    get connections() {
      return links.size;
    },
    set(...args: [FaultMode] | ['delay', number]) {
      const [next] = args;
      if (next === 'drop') {
        for (const socket of everySocket()) socket.destroy();
        links.clear();
        mode = 'pass';
      } else mode = next;
      latencyMs = args[0] === 'delay' ? args[1] : 0;
      for (const socket of everySocket()) {
        if (mode === 'pause') socket.pause();
        else socket.resume();
      }
    },
    async close() {
      for (const socket of everySocket()) socket.destroy();
      links.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FaultProxy = Awaited<ReturnType<typeof startFaultProxy>>;
