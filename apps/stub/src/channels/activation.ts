import { type ActivationReply, registraAcionamentoRequest } from '@portal/contracts/activation-channel';
import { UPSTREAM_CHANNELS } from '@portal/contracts/upstream-paths';
import type { FastifyInstance } from 'fastify';
import type { FaultControl } from '../faults';
import type { StubState } from '../state';

export const ACTIVATION_MESSAGES = {
  invalid: 'Requisição inválida.',
  serverError: 'Erro interno do servidor.',
} as const;

/**
 * The activation channel (`registraAcionamento`): keeps every valid access record with the time it
 * arrived and answers each with its `idRequest`. Malformed input is answered with an error when it
 * carries an `idRequest` and dropped when it does not.
 */
export function activationChannel(app: FastifyInstance, state: StubState, faults: FaultControl) {
  app.get(UPSTREAM_CHANNELS.activation, { websocket: true }, (socket) => {
    const send = (reply: ActivationReply) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(reply));
    };

    socket.on('message', async (raw: Buffer) => {
      let message: unknown;
      try {
        message = JSON.parse(raw.toString());
      } catch {
        app.log.warn('activation: a message that is not JSON was dropped');
        return;
      }
      const parsed = registraAcionamentoRequest.safeParse(message);
      if (!parsed.success) {
        const idRequest = (message as { idRequest?: unknown } | null)?.idRequest;
        if (typeof idRequest === 'string') send({ idRequest, err: true, msg: ACTIVATION_MESSAGES.invalid });
        return;
      }
      const { idRequest, metodo: _metodo, ...record } = parsed.data;
      if (await faults.apply()) return send({ idRequest, err: true, msg: ACTIVATION_MESSAGES.serverError });
      state.recordAccess(record);
      if (faults.get().activationSilent) return;
      send({ idRequest, err: false });
    });
  });
}
