import { UPSTREAM_CHANNELS } from '@portal/contracts/upstream/paths';
import { type TrailMessage, trailRequest } from '@portal/contracts/upstream/trail-channel';
import type { FastifyInstance } from 'fastify';
import type { FaultControl } from '../faults/faults';
import { recordingChannel } from './recording-channel';

/**
 * A trail record as the simulator kept it. `semSessao` marks a record whose session had no
 * `gravarSessao` before it, so tests can prove the BFF's order rule.
 */
export type ReceivedTrailRecord = TrailMessage & { receivedAt: string; semSessao?: true };

/** Enough for any test run; a long demo session drops its oldest records rather than grow. */
const MAX_RECORDS = 10_000;

/**
 * The trail channel (`gravarSessao`, `gravarTrilha`, `gravarTrilhaAcordo`, `gravarTrilhaBoleto`) and
 * its control `GET /__stub/trilha`. The log lives here, not in the shared state: it is only ever
 * read back, never used by another route.
 */
export function trailChannel(app: FastifyInstance, faults: FaultControl) {
  const records: ReceivedTrailRecord[] = [];
  /** sessions that sent their `gravarSessao`, oldest first (a Set keeps insertion order) */
  const sessions = new Set<string>();

  const keep = (message: TrailMessage) => {
    const record: ReceivedTrailRecord = { ...message, receivedAt: new Date().toISOString() };
    if (message.metodo === 'gravarSessao') {
      sessions.add(message.sessionId);
      if (sessions.size > MAX_RECORDS) sessions.delete(sessions.values().next().value as string);
    } else if (!sessions.has(message.sessionId)) {
      record.semSessao = true;
    }
    records.push(record);
    if (records.length > MAX_RECORDS) records.splice(0, records.length - MAX_RECORDS);
  };

  recordingChannel(app, {
    path: UPSTREAM_CHANNELS.trail,
    name: 'trail',
    schema: trailRequest,
    faults,
    silent: () => faults.get().trailSilent,
    keep: ({ idRequest: _idRequest, ...message }) => keep(message),
  });

  /** What the trail channel kept, oldest first; optionally for one session or one client id. */
  app.get<{ Querystring: { sessionId?: string; clienteId?: string } }>('/__stub/trilha', async (request) => {
    const { sessionId, clienteId } = request.query;
    return records.filter(
      (r) =>
        (sessionId === undefined || r.sessionId === sessionId) &&
        (clienteId === undefined || ('clienteId' in r && r.clienteId === clienteId)),
    );
  });
}
