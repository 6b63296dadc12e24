import type { FastifyBaseLogger } from 'fastify';
import { WebSocket } from 'ws';
import { UpstreamError } from './errors';

interface SocketConnectionOptions {
  url: string;
  /** names the channel in logs and errors: 'proxy', 'activation' */
  name: string;
  logger: FastifyBaseLogger;
  /** reconnect backoff: first delay and cap */
  backoffMs?: { initial: number; max: number };
  /**
   * a ping goes out this often while the socket is open; a peer that answered nothing by the next one is
   * dead, and so is an attempt to connect that has not opened within two of them
   */
  heartbeatMs?: number;
  /** a message, already parsed from JSON (one that is not JSON is dropped with a warning) */
  onMessage: (json: unknown) => void;
  /** an open socket dropped or was declared dead (not on close()): whatever waits for its replies should settle now */
  onLost: () => void;
}

/**
 * The wait before reconnecting after `failures` failed attempts: the ceiling doubles from `initial` up to
 * `max`, and the wait is drawn between half the ceiling and the ceiling, so instances that lost the
 * upstream together do not all come back at the same moment.
 */
export function reconnectDelay(
  failures: number,
  { initial, max }: { initial: number; max: number },
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(max, initial * 2 ** Math.min(failures, 16));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * One WebSocket to an upstream channel, opened on first use. After a drop or a refused attempt it
 * reconnects with capped exponential backoff and jitter; the channels built on it decide what
 * happens to their requests in flight. While open it sends ping frames: a peer that stops answering
 * without closing (a half-open socket behind NAT or a load balancer) is declared dead within two
 * heartbeats, cut at once rather than closed politely, and counts as a drop.
 */
export function createSocketConnection({
  url,
  name,
  logger,
  backoffMs = { initial: 250, max: 30_000 },
  heartbeatMs = 15_000,
  onMessage,
  onLost,
}: SocketConnectionOptions) {
  let socket: WebSocket | undefined;
  let attempt: WebSocket | undefined;
  let opening: Promise<WebSocket> | undefined;
  let failures = 0;
  let opened = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    const delay = reconnectDelay(failures, backoffMs);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      open().catch(() => undefined);
    }, delay);
    reconnectTimer.unref();
  };

  /** The socket is gone (it closed, or was declared dead): what waited on it settles, once. */
  const lose = (ws: WebSocket) => {
    if (socket !== ws) return;
    socket = undefined;
    if (!closed) onLost();
    scheduleReconnect();
  };

  const keepAlive = (ws: WebSocket) => {
    let answered = true;
    const alive = () => {
      answered = true;
    };
    ws.on('pong', alive);
    ws.on('message', alive);
    // Deferred to after the event loop's I/O, so a pong that arrived while it was busy counts.
    const beat = () => {
      if (answered) {
        answered = false;
        ws.ping();
        return;
      }
      clearInterval(timer);
      logger.warn(`${name} channel: no answer within two heartbeats, the connection is dead`);
      ws.terminate();
      lose(ws);
    };
    const timer = setInterval(() => setImmediate(beat), heartbeatMs);
    timer.unref();
    ws.once('close', () => clearInterval(timer));
  };

  function open(): Promise<WebSocket> {
    if (closed) return Promise.reject(new UpstreamError('unavailable', `${name} channel: closed`));
    if (socket?.readyState === WebSocket.OPEN) return Promise.resolve(socket);
    if (opening) return opening;
    opening = new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url, { handshakeTimeout: 2 * heartbeatMs });
      attempt = ws;
      let settled = false;
      ws.on('open', () => {
        if (closed) {
          // closed while connecting: the close event below rejects the attempt
          ws.close();
          return;
        }
        settled = true;
        attempt = undefined;
        failures = 0;
        opened += 1;
        socket = ws;
        opening = undefined;
        keepAlive(ws);
        logger.info(`${name} channel: connected`);
        resolve(ws);
      });
      ws.on('message', (data) => {
        let json: unknown;
        try {
          json = JSON.parse(String(data));
        } catch {
          logger.warn(`${name} channel: a reply that is not JSON was dropped`);
          return;
        }
        onMessage(json);
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        if (!settled) {
          settled = true;
          attempt = undefined;
          opening = undefined;
          failures += 1;
          reject(new UpstreamError('unavailable', `${name} channel: connection refused`));
          scheduleReconnect();
        }
        lose(ws);
      });
    });
    return opening;
  }

  return {
    /** The open socket, connecting first when needed; rejects with 'unavailable' when that fails. */
    open,
    get connected() {
      return socket?.readyState === WebSocket.OPEN;
    },
    /** the last attempt to connect failed and the next one is waiting out its backoff */
    get unreachable() {
      return failures > 0 && opening === undefined;
    },
    get closed() {
      return closed;
    },
    /** connections opened after the first one: drops and refusals the channel recovered from */
    get reconnects() {
      return Math.max(0, opened - 1);
    },
    /**
     * Connected now or within `timeoutMs` (a readiness probe; it opens the socket when needed). A socket
     * declared dead no longer counts: the probe waits on a new one.
     */
    async ready(timeoutMs: number): Promise<boolean> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([open().then(() => true), late]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      closed = true;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      attempt?.terminate();
      socket?.close();
    },
  };
}

export type SocketConnection = ReturnType<typeof createSocketConnection>;
