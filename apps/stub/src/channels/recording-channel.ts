import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { FaultControl } from '../faults/faults';
import { jsonSocket } from './json-socket';

export const RECORDING_MESSAGES = {
  invalid: 'Requisição inválida.',
  serverError: 'Erro interno do servidor.',
} as const;

interface AckReply {
  idRequest: string;
  err: boolean;
  msg?: string;
}

interface RecordingChannelOptions<T extends { idRequest: string }> {
  path: string;
  /** names the channel in the simulator's log */
  name: string;
  schema: z.ZodType<T>;
  faults: FaultControl;
  /** the fault knob that keeps requests but never answers them */
  silent: () => boolean;
  keep: (request: T) => void;
}

/**
 * A channel that only records what the portal tells it (activation, trail): each valid request is
 * kept and answered `{ idRequest, err: false }`. Malformed input is answered with an error when it
 * carries an `idRequest` and dropped when it does not; `errorRate` answers with an error and keeps
 * nothing; the silent knob keeps without answering (the BFF's 1 s fallback).
 */
export function recordingChannel<T extends { idRequest: string }>(
  app: FastifyInstance,
  { path, name, schema, faults, silent, keep }: RecordingChannelOptions<T>,
) {
  app.get(path, { websocket: true }, (socket) => {
    const send = jsonSocket<AckReply>(socket, { name, log: app.log, onMessage });
    async function onMessage(message: unknown) {
      const parsed = schema.safeParse(message);
      if (!parsed.success) {
        const idRequest = (message as { idRequest?: unknown } | null)?.idRequest;
        if (typeof idRequest === 'string') send({ idRequest, err: true, msg: RECORDING_MESSAGES.invalid });
        return;
      }
      const { idRequest } = parsed.data;
      if (await faults.apply()) return send({ idRequest, err: true, msg: RECORDING_MESSAGES.serverError });
      keep(parsed.data);
      if (silent()) return;
      send({ idRequest, err: false });
    }
  });
}
