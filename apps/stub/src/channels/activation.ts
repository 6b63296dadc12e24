import { registraAcionamentoRequest } from '@portal/contracts/upstream/activation-channel';
import { UPSTREAM_CHANNELS } from '@portal/contracts/upstream/paths';
import type { FastifyInstance } from 'fastify';
import type { FaultControl } from '../faults/faults';
import type { StubState } from '../state/stub-state';
import { recordingChannel } from './recording-channel';

/** The activation channel (`registraAcionamento`): keeps every valid access record with the time it arrived. */
export function activationChannel(app: FastifyInstance, state: StubState, faults: FaultControl) {
  recordingChannel(app, {
    path: UPSTREAM_CHANNELS.activation,
    name: 'activation',
    schema: registraAcionamentoRequest,
    faults,
    silent: () => faults.get().activationSilent,
    keep: ({ idRequest: _idRequest, metodo: _metodo, ...record }) => state.recordAccess(record),
  });
}
