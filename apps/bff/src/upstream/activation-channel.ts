import {
  ACTIVATION_ACK_TIMEOUT_MS,
  activationReply,
  type RegistraAcionamentoRequest,
} from '@portal/contracts/upstream/activation-channel';
import type { FastifyBaseLogger } from 'fastify';
import { createTrackingChannel } from './tracking-channel';

/** An access record as the BFF hands it to the channel, which adds the `idRequest`. */
export type ActivationMessage = Omit<RegistraAcionamentoRequest, 'idRequest'>;

/**
 * The activation channel (`registraAcionamento`) on the shared tracking channel: sends
 * resolve on the reply or after 1 s and never fail the user's request. Records carry a CPF/CNPJ,
 * which the channel never logs.
 */
export function createActivationChannel(options: {
  url: string;
  logger: FastifyBaseLogger;
  ackTimeoutMs?: number;
  backoffMs?: { initial: number; max: number };
  heartbeatMs?: number;
}) {
  return createTrackingChannel<ActivationMessage>({
    ...options,
    name: 'activation',
    replySchema: activationReply,
    ackTimeoutMs: options.ackTimeoutMs ?? ACTIVATION_ACK_TIMEOUT_MS,
  });
}

export type ActivationChannel = ReturnType<typeof createActivationChannel>;
