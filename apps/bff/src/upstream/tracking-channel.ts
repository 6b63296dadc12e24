import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { createSocketConnection } from './socket-connection';

/** The reply both tracking channels use: `err` false when the record was kept. */
const ackReply = z.object({ idRequest: z.string(), err: z.boolean(), msg: z.string().optional() });
type TrackingReply = z.infer<typeof ackReply>;

/**
 * How a send ended. Only `dropped` means the upstream surely never saw it; the others count as done
 * (after the reply or 1 s), so a caller with an order to keep may release a claim on `dropped`.
 */
export type TrackingOutcome = 'acknowledged' | 'refused' | 'unanswered' | 'dropped';

interface TrackingChannelOptions {
  url: string;
  /** names the channel in logs: 'activation', 'trail' */
  name: string;
  replySchema?: z.ZodType<TrackingReply>;
  /** a send counts as done after its reply or this long */
  ackTimeoutMs: number;
  /** records waiting for their reply beyond which new ones are dropped */
  maxPending?: number;
  logger: FastifyBaseLogger;
  /** reconnect backoff: first delay and cap */
  backoffMs?: { initial: number; max: number };
  /** how often a ping checks the socket; a peer silent for two of them is dead */
  heartbeatMs?: number;
}

/**
 * One WebSocket per BFF instance to an upstream channel that only records what the portal tells it
 * (activation, trail). Tracking never blocks or breaks a user action: `send` resolves on the reply or
 * after `ackTimeoutMs`, never rejects, and while the upstream is unreachable or too much is in flight
 * a record is dropped rather than queued. Records carry personal data: none is ever logged.
 */
export function createTrackingChannel<M extends { metodo: string }>({
  url,
  name,
  replySchema = ackReply,
  ackTimeoutMs,
  maxPending = 1_000,
  logger,
  backoffMs,
  heartbeatMs,
}: TrackingChannelOptions) {
  /** idRequest → settles that send */
  const pending = new Map<string, (outcome: TrackingOutcome) => void>();

  const settleAll = (outcome: TrackingOutcome) => {
    for (const done of pending.values()) done(outcome);
  };

  const onMessage = (json: unknown) => {
    const parsed = replySchema.safeParse(json);
    const done = parsed.success ? pending.get(parsed.data.idRequest) : undefined;
    if (!parsed.success || !done) {
      logger.debug(`${name} channel: an unknown or late reply was dropped`);
      return;
    }
    if (parsed.data.err) {
      logger.warn({ reason: parsed.data.msg }, `${name} channel: the upstream refused a record`);
    }
    done(parsed.data.err ? 'refused' : 'acknowledged');
  };

  const connection = createSocketConnection({
    url,
    name,
    logger,
    backoffMs,
    heartbeatMs,
    onMessage,
    onLost: () => {
      logger.warn({ inFlight: pending.size }, `${name} channel: connection lost`);
      // they were written to the socket: the upstream may well have kept them
      settleAll('unanswered');
    },
  });

  const drop = (why: string): Promise<TrackingOutcome> => {
    logger.debug(`${name} channel: ${why}, a record was dropped`);
    return Promise.resolve('dropped');
  };

  /** Sends one record; resolves after its reply or `ackTimeoutMs`, whichever comes first. */
  function send(message: M): Promise<TrackingOutcome> {
    if (connection.closed) return drop('closed');
    if (pending.size >= maxPending) return drop('too many records in flight');
    if (!connection.connected && connection.unreachable) return drop('upstream unreachable');
    const idRequest = randomUUID();
    return new Promise<TrackingOutcome>((resolve) => {
      let written = false;
      const timer = setTimeout(() => {
        logger.debug(`${name} channel: no reply in time, the record counts as sent`);
        done('unanswered');
      }, ackTimeoutMs);
      function done(outcome: TrackingOutcome) {
        clearTimeout(timer);
        pending.delete(idRequest);
        // settled while still connecting: the record never left
        resolve(outcome === 'unanswered' && !written ? 'dropped' : outcome);
      }
      pending.set(idRequest, done);
      connection.open().then(
        (ws) => {
          if (!pending.has(idRequest)) return;
          try {
            ws.send(JSON.stringify({ ...message, idRequest }));
            written = true;
          } catch {
            done('dropped');
          }
        },
        () => {
          logger.debug(`${name} channel: upstream unreachable, a record was dropped`);
          done('dropped');
        },
      );
    });
  }

  return {
    send,
    get pendingCount() {
      return pending.size;
    },
    /** the socket under the channel: state, reconnects and a readiness probe */
    connection,
    async close() {
      connection.close();
      settleAll('unanswered');
    },
  };
}
