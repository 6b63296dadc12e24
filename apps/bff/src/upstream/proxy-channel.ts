import { randomUUID } from 'node:crypto';
import { UPSTREAM_MESSAGES } from '@portal/contracts/upstream/auth';
import { PROXY_APP } from '@portal/contracts/upstream/paths';
import {
  PROXY_RETORNO,
  PROXY_TIMEOUT_REPLY,
  type ProxyMethod,
  type ProxyReply,
  type ProxyRequest,
  proxyReply,
  proxyReplyData,
} from '@portal/contracts/upstream/proxy-channel';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { startCallSpan } from '../telemetry/spans';
import { UpstreamError } from './errors';
import { createSocketConnection } from './socket-connection';

interface ProxyChannelOptions {
  url: string;
  timeoutMs: number;
  maxPending: number;
  logger: FastifyBaseLogger;
  /** reconnect backoff: first delay and cap */
  backoffMs?: { initial: number; max: number };
  /** how often a ping checks the socket; a peer silent for two of them is dead */
  heartbeatMs?: number;
}

interface Pending {
  metodo: ProxyMethod;
  resolve: (reply: ProxyReply) => void;
  reject: (error: UpstreamError) => void;
  timer: NodeJS.Timeout;
}

type RequestPayload<M extends ProxyMethod> = Omit<
  Extract<ProxyRequest, { metodo: M }>,
  'idRequest' | 'app' | 'metodo'
>;

/**
 * One WebSocket to the upstream's proxy channel per BFF instance. Replies are matched by
 * `idRequest`; a request unanswered within `timeoutMs` gets the 'Erro de timeout' reply (retorno 99).
 * When the socket drops, what is in flight fails at once (nothing is re-sent) and the channel
 * reconnects with capped exponential backoff and jitter.
 */
export function createProxyChannel({
  url,
  timeoutMs,
  maxPending,
  logger,
  backoffMs,
  heartbeatMs,
}: ProxyChannelOptions) {
  const pending = new Map<string, Pending>();

  const settleAll = (error: UpstreamError) => {
    for (const [id, entry] of pending) {
      clearTimeout(entry.timer);
      pending.delete(id);
      entry.reject(error);
    }
  };

  const onMessage = (json: unknown) => {
    const parsed = proxyReply.safeParse(json);
    const entry = parsed.success ? pending.get(parsed.data.idRequest) : undefined;
    if (!parsed.success || !entry) {
      logger.debug('proxy channel: an unknown or late reply was dropped');
      return;
    }
    clearTimeout(entry.timer);
    pending.delete(parsed.data.idRequest);
    entry.resolve(parsed.data);
  };

  const connection = createSocketConnection({
    url,
    name: 'proxy',
    logger,
    backoffMs,
    heartbeatMs,
    onMessage,
    onLost: () => {
      logger.warn({ inFlight: pending.size }, 'proxy channel: connection lost');
      settleAll(new UpstreamError('unavailable', 'proxy channel: connection lost'));
    },
  });

  // Every request is one span when tracing is on (child of the request it serves), failed unless the
  // reply says retorno 0. The message has no field for a trace, so the upstream's side is not joined.
  function request<M extends ProxyMethod>(metodo: M, payload: RequestPayload<M>): Promise<ProxyReply> {
    const span = startCallSpan(`proxy ${metodo}`, { 'rpc.system': 'proxy-channel', 'rpc.method': metodo });
    return send(metodo, payload).then(
      (reply) => {
        span.end(reply.retorno === PROXY_RETORNO.ok && !reply.err ? undefined : `retorno ${reply.retorno}`);
        return reply;
      },
      (error: UpstreamError) => {
        span.end(error.message);
        throw error;
      },
    );
  }

  function send<M extends ProxyMethod>(metodo: M, payload: RequestPayload<M>): Promise<ProxyReply> {
    const unsent = (message: string) =>
      new UpstreamError('unavailable', message, undefined, { unsent: true });
    if (connection.closed) return Promise.reject(unsent('proxy channel: closed'));
    if (pending.size >= maxPending)
      return Promise.reject(unsent('proxy channel: too many requests in flight'));
    const idRequest = randomUUID();
    return new Promise<ProxyReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(idRequest);
        resolve({ idRequest, metodo, ...PROXY_TIMEOUT_REPLY });
      }, timeoutMs);
      pending.set(idRequest, { metodo, resolve, reject, timer });
      connection.open().then(
        (ws) => {
          if (pending.has(idRequest))
            ws.send(JSON.stringify({ ...payload, idRequest, metodo, app: PROXY_APP }));
        },
        (error: UpstreamError) => {
          const entry = pending.get(idRequest);
          if (!entry) return;
          clearTimeout(entry.timer);
          pending.delete(idRequest);
          reject(unsent(error.message));
        },
      );
    });
  }

  return {
    /** Sends one request; resolves with the upstream's reply or the timeout reply. */
    request,
    /** Sends one request and returns its data, or throws the UpstreamError its failure means. */
    async call<M extends ProxyMethod>(
      metodo: M,
      payload: RequestPayload<M>,
    ): Promise<z.infer<(typeof proxyReplyData)[M]>> {
      const reply = await request(metodo, payload);
      if (reply.err || reply.retorno !== PROXY_RETORNO.ok) {
        if (reply.retorno === PROXY_RETORNO.timeout)
          throw new UpstreamError('timeout', `proxy ${metodo}: timeout`);
        if (reply.retorno === PROXY_RETORNO.tokenExpired || reply.msg === UPSTREAM_MESSAGES.tokenExpired) {
          throw new UpstreamError('token-expired', `proxy ${metodo}: token expired`);
        }
        throw new UpstreamError(
          'rejected',
          `proxy ${metodo}: retorno ${reply.retorno}`,
          reply.msg ?? reply.retornotexto,
          { retorno: reply.retorno },
        );
      }
      const parsed = proxyReplyData[metodo].safeParse(reply.data);
      if (!parsed.success) throw new UpstreamError('bad-reply', `proxy ${metodo}: reply off contract`);
      // TypeScript cannot narrow the map's union by a generic key; the schema read is the method's own.
      return parsed.data as z.infer<(typeof proxyReplyData)[M]>;
    },
    get pendingCount() {
      return pending.size;
    },
    /** the socket under the channel: state, reconnects and a readiness probe */
    connection,
    async close() {
      connection.close();
      settleAll(new UpstreamError('unavailable', 'proxy channel: closed'));
    },
  };
}

export type ProxyChannel = ReturnType<typeof createProxyChannel>;
