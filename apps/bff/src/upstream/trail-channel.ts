import {
  type GravarSessaoRequest,
  TRAIL_ACK_TIMEOUT_MS,
  type TrailMessage,
  trailReply,
} from '@portal/contracts/upstream/trail-channel';
import type { FastifyBaseLogger } from 'fastify';
import type { Keyring } from '../keys/keyring';
import type { SessionStore } from '../store/store';
import { createTrackingChannel } from './tracking-channel';

/** Who is being tracked: the trail's session id and what its `gravarSessao` says about it. */
export interface TrailVisit {
  /** an HMAC from `sessionIdOf`, never a cookie value */
  sessionId: string;
  /**
   * a signed-in session's ids under older keys (`formerSessionIdsOf`): when one of them is claimed, the
   * session opened before a rotation and keeps that id, so the upstream sees one session, not two
   */
  formerIds?: string[];
  ip: string;
  device: GravarSessaoRequest['device'];
  /**
   * How its `gravarSessao` is known to go once: a signed-in session claims it in the shared store for as
   * long as the session can live (`{ claimForMs }`); a signed-out visitor keeps nothing in the store: its
   * first view sends it (`'now'`, the visitor cookie is new), later views know it went (`'before'`).
   */
  opened: { claimForMs: number } | 'now' | 'before';
}

type WithoutSession<T> = T extends unknown ? Omit<T, 'sessionId'> : never;
/** What follows a session's `gravarSessao`: a view, an agreement or a boleto (the visit adds its session). */
type TrailRecord = WithoutSession<Exclude<TrailMessage, { metodo: 'gravarSessao' }>>;

interface TrailChannelOptions {
  url: string;
  store: SessionStore;
  /** the HMAC keys of trail session ids; the same on every instance, so they agree on the ids */
  keys: Keyring;
  logger: FastifyBaseLogger;
  ackTimeoutMs?: number;
  backoffMs?: { initial: number; max: number };
  heartbeatMs?: number;
}

// Sessions whose gravarSessao is in flight in this process; beyond this, new sessions go untracked.
const MAX_OPENING = 10_000;

/**
 * The trail channel with its order rule: a session's `gravarSessao` goes before any of its
 * other records, exactly once. A signed-in session's claim is a counter in the shared store, so it holds
 * across instances; a signed-out visitor's is its new cookie (nothing per visitor is kept here). In this
 * process, records of a session wait until its `gravarSessao` counts as done (reply or 1 s). A session
 * another instance claimed goes ahead at once. Nothing here rejects or is logged
 * with its content: tracking never breaks a user action.
 */
export function createTrailChannel({
  url,
  store,
  keys,
  logger,
  ackTimeoutMs = TRAIL_ACK_TIMEOUT_MS,
  backoffMs,
  heartbeatMs,
}: TrailChannelOptions) {
  const channel = createTrackingChannel<TrailMessage>({
    url,
    name: 'trail',
    replySchema: trailReply,
    ackTimeoutMs,
    logger,
    backoffMs,
    heartbeatMs,
  });
  /** trail session id → true once its gravarSessao counts as done, false when it could not go */
  const opening = new Map<string, Promise<boolean>>();

  const claimKey = (sessionId: string) => `trail-session:${sessionId}`;

  /** The visit under the id its session opened with: the newest key's, unless one of its former ids is claimed. */
  async function opened(visit: TrailVisit): Promise<TrailVisit> {
    if (!visit.formerIds?.length || (await store.count(claimKey(visit.sessionId))) > 0) return visit;
    for (const sessionId of visit.formerIds)
      if ((await store.count(claimKey(sessionId))) > 0) return { ...visit, sessionId };
    return visit;
  }

  async function claimAndRecord(visit: TrailVisit, claimForMs: number | null): Promise<boolean> {
    const key = claimKey(visit.sessionId);
    if (claimForMs !== null && (await store.increment(key, claimForMs)) > 1) return true;
    const outcome = await channel.send({
      metodo: 'gravarSessao',
      sessionId: visit.sessionId,
      ip: visit.ip,
      device: visit.device,
      latitude: null,
      longitude: null,
    });
    if (outcome !== 'dropped') return true;
    // It never reached the upstream: the session's next record tries again.
    if (claimForMs !== null) await store.delete(key);
    return false;
  }

  function sessionRecorded(visit: TrailVisit): Promise<boolean> {
    const inFlight = opening.get(visit.sessionId);
    if (inFlight) return inFlight;
    if (visit.opened === 'before') return Promise.resolve(true);
    if (opening.size >= MAX_OPENING) return Promise.resolve(false);
    const claim = claimAndRecord(visit, visit.opened === 'now' ? null : visit.opened.claimForMs);
    opening.set(visit.sessionId, claim);
    const forget = () => opening.delete(visit.sessionId);
    claim.then(forget, forget);
    return claim;
  }

  return {
    /**
     * The trail's id for a BFF session or visitor id, keyed with the newest key unless another configured
     * one is named, and carrying its key's id: the upstream never sees the cookie's value.
     */
    sessionIdOf(id: string, keyId?: string): string {
      return keys.sign('trail-session', id, keyId);
    },

    /** The ids the same session had under the other keys, and before ids were carried (newest first). */
    formerSessionIdsOf(id: string): string[] {
      return keys.candidates('trail-session', id).slice(1);
    },

    /** Sends one record after its session's `gravarSessao`; resolves when both count as done. */
    async record(given: TrailVisit, record: TrailRecord): Promise<void> {
      try {
        const visit = await opened(given);
        if (!(await sessionRecorded(visit))) {
          logger.debug('trail channel: the session record could not go, a record was dropped');
          return;
        }
        await channel.send({ ...record, sessionId: visit.sessionId });
      } catch (error) {
        logger.warn(
          { kind: error instanceof Error ? error.name : typeof error },
          'trail channel: a record failed',
        );
      }
    },

    get pendingCount() {
      return channel.pendingCount;
    },
    connection: channel.connection,
    close: () => channel.close(),
  };
}

export type TrailChannel = ReturnType<typeof createTrailChannel>;
