import { randomUUID } from 'node:crypto';
import {
  ACTIVATION_ACK_TIMEOUT_MS,
  type AccessRecord,
  activationReply,
  type RegistraAcionamentoRequest,
} from '@portal/contracts/activation-channel';
import type { FastifyBaseLogger } from 'fastify';
import { createSocketConnection } from './socket-connection';

export interface ActivationChannelOptions {
  url: string;
  /** spec §9: a send counts as done after its reply or this long */
  ackTimeoutMs?: number;
  /** records waiting for their reply beyond which new ones are dropped */
  maxPending?: number;
  logger: FastifyBaseLogger;
  /** reconnect backoff: first delay and cap */
  backoffMs?: { initial: number; max: number };
}

/**
 * One WebSocket to the upstream's activation channel (`registraAcionamento`) per BFF instance.
 * Tracking never blocks or breaks a user action: `send` resolves on the reply or after
 * `ackTimeoutMs`, never rejects, and while the upstream is unreachable or too much is in flight
 * a record is dropped rather than queued. Records carry a CPF/CNPJ: none is ever logged.
 */
export function createActivationChannel({
  url,
  ackTimeoutMs = ACTIVATION_ACK_TIMEOUT_MS,
  maxPending = 1_000,
  logger,
  backoffMs,
}: ActivationChannelOptions) {
  /** idRequest → settles that send */
  const pending = new Map<string, () => void>();

  const settleAll = () => {
    for (const done of pending.values()) done();
  };

  const onMessage = (json: unknown) => {
    const parsed = activationReply.safeParse(json);
    const done = parsed.success ? pending.get(parsed.data.idRequest) : undefined;
    if (!parsed.success || !done) {
      logger.debug('activation channel: an unknown or late reply was dropped');
      return;
    }
    if (parsed.data.err) {
      logger.warn({ reason: parsed.data.msg }, 'activation channel: the upstream refused an access record');
    }
    done();
  };

  const connection = createSocketConnection({
    url,
    name: 'activation',
    logger,
    backoffMs,
    onMessage,
    onLost: () => {
      logger.warn({ inFlight: pending.size }, 'activation channel: connection lost');
      settleAll();
    },
  });

  const drop = (why: string) => {
    logger.debug(`activation channel: ${why}, an access record was dropped`);
    return Promise.resolve();
  };

  /** Sends one access record; resolves after its reply or `ackTimeoutMs`, whichever comes first. */
  function send(record: AccessRecord): Promise<void> {
    if (connection.closed) return drop('closed');
    if (pending.size >= maxPending) return drop('too many records in flight');
    if (!connection.connected && connection.unreachable) return drop('upstream unreachable');
    const idRequest = randomUUID();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        logger.debug('activation channel: no reply in time, the record counts as sent');
        done();
      }, ackTimeoutMs);
      function done() {
        clearTimeout(timer);
        pending.delete(idRequest);
        resolve();
      }
      pending.set(idRequest, done);
      connection.open().then(
        (ws) => {
          if (!pending.has(idRequest)) return;
          const message: RegistraAcionamentoRequest = { ...record, idRequest, metodo: 'registraAcionamento' };
          try {
            ws.send(JSON.stringify(message));
          } catch {
            done();
          }
        },
        () => {
          logger.debug('activation channel: upstream unreachable, an access record was dropped');
          done();
        },
      );
    });
  }

  return {
    send,
    get pendingCount() {
      return pending.size;
    },
    get connected() {
      return connection.connected;
    },
    async close() {
      connection.close();
      settleAll();
    },
  };
}

export type ActivationChannel = ReturnType<typeof createActivationChannel>;
