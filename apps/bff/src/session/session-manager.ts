import { randomBytes } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_SLOTS, type SessionSlot, type SessionSlots } from './session-slots';
import type { SessionData, SessionStore } from './session-store';

export interface SessionManagerOptions {
  store: SessionStore;
  idleMs: number;
  absoluteMs: number;
  secureCookie: boolean;
  now?: () => number;
  /** counts sign-ins, sign-outs and sessions found expired (metrics) */
  onEvent?: (event: 'started' | 'ended' | 'expired') => void;
}

/** An identity question in progress, before there is a session. */
export interface ChallengeRecord {
  cpfCnpj: string;
  pergunta: string;
  answers: number;
}

const CHALLENGE_TTL_MS = 5 * 60_000;

// Only write the idle clock back when it moved this much: one store write per minute, not per request.
const TOUCH_EVERY_MS = 60_000;

/**
 * The browser's side of a session is an opaque random id in an HttpOnly, SameSite=Lax cookie;
 * everything else stays in the store. Idle and absolute expiry are enforced here, server-side.
 */
export function createSessionManager({
  store,
  idleMs,
  absoluteMs,
  secureCookie,
  now = Date.now,
  onEvent = () => undefined,
}: SessionManagerOptions) {
  // __Host- pins the cookie to this origin, path / and Secure; plain http in development can't use it.
  const cookieName = secureCookie ? '__Host-sid' : 'sid';
  const challengeCookie = secureCookie ? '__Host-chal' : 'chal';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie } as const;
  const ttl = (data: SessionData) => Math.max(1, Math.min(idleMs, data.createdAt + absoluteMs - now()));
  const key = (id: string) => `session:${id}`;
  const slotKey = (id: string, slot: SessionSlot) => `session:${id}:${slot}`;
  const destroy = (id: string) =>
    Promise.all([store.delete(key(id)), ...SESSION_SLOTS.map((slot) => store.delete(slotKey(id, slot)))]);
  const idFrom = (req: FastifyRequest, name = cookieName) => {
    const id = req.cookies[name];
    return id && /^[A-Za-z0-9_-]{43}$/.test(id) ? id : undefined;
  };

  return {
    cookieName,

    async load(req: FastifyRequest): Promise<{ id: string; data: SessionData } | null> {
      const id = idFrom(req);
      if (!id) return null;
      const data = await store.get<SessionData>(key(id));
      if (!data) return null;
      const at = now();
      if (at - data.lastSeenAt >= idleMs || at - data.createdAt >= absoluteMs) {
        await destroy(id);
        onEvent('expired');
        return null;
      }
      if (at - data.lastSeenAt >= TOUCH_EVERY_MS) {
        data.lastSeenAt = at;
        await store.set(key(id), data, ttl(data));
      }
      return { id, data };
    },

    /** A new id at every sign-in: whatever id the browser had is destroyed. */
    async start(
      req: FastifyRequest,
      res: FastifyReply,
      fields: Omit<SessionData, 'createdAt' | 'lastSeenAt'>,
    ): Promise<{ id: string; data: SessionData }> {
      const old = idFrom(req);
      if (old) await destroy(old);
      const id = randomBytes(32).toString('base64url');
      const at = now();
      const data: SessionData = { ...fields, createdAt: at, lastSeenAt: at };
      await store.set(key(id), data, ttl(data));
      res.setCookie(cookieName, id, cookieOptions);
      onEvent('started');
      return { id, data };
    },

    /** The name the header shows, after a profile edit changed it. */
    async rename(session: { id: string; data: SessionData }, nome: string): Promise<void> {
      const data = { ...session.data, nome };
      await store.set(key(session.id), data, ttl(data));
    },

    async end(req: FastifyRequest, res: FastifyReply): Promise<void> {
      const id = idFrom(req);
      if (id) {
        await destroy(id);
        onEvent('ended');
      }
      res.clearCookie(cookieName, cookieOptions);
    },

    /** A slot lives no longer than its session could. */
    async write<S extends SessionSlot>(
      session: { id: string; data: SessionData },
      slot: S,
      value: SessionSlots[S],
    ): Promise<void> {
      await store.set(
        slotKey(session.id, slot),
        value,
        Math.max(1, session.data.createdAt + absoluteMs - now()),
      );
    },

    async read<S extends SessionSlot>(
      session: { id: string },
      slot: S,
    ): Promise<SessionSlots[S] | undefined> {
      return store.get<SessionSlots[S]>(slotKey(session.id, slot));
    },

    async clear(session: { id: string }, slot: SessionSlot): Promise<void> {
      await store.delete(slotKey(session.id, slot));
    },

    /**
     * True for the first caller only, per session and `name`, however many ask at once and on whichever
     * instance: an atomic counter in the shared store, living no longer than the session could.
     */
    async claimOnce(session: { id: string; data: SessionData }, name: string): Promise<boolean> {
      const claimKey = `session:${session.id}:claim:${name}`;
      return (
        (await store.increment(claimKey, Math.max(1, session.data.createdAt + absoluteMs - now()))) === 1
      );
    },

    /** Binds an identity question to this browser; any earlier one is dropped. */
    async startChallenge(req: FastifyRequest, res: FastifyReply, record: ChallengeRecord): Promise<void> {
      const old = idFrom(req, challengeCookie);
      if (old) await store.delete(`challenge:${old}`);
      const id = randomBytes(32).toString('base64url');
      await store.set(`challenge:${id}`, record, CHALLENGE_TTL_MS);
      res.setCookie(challengeCookie, id, { ...cookieOptions, maxAge: CHALLENGE_TTL_MS / 1000 });
    },

    async readChallenge(req: FastifyRequest): Promise<{ id: string; record: ChallengeRecord } | null> {
      const id = idFrom(req, challengeCookie);
      const record = id ? await store.get<ChallengeRecord>(`challenge:${id}`) : undefined;
      return id && record ? { id, record } : null;
    },

    async saveChallenge(id: string, record: ChallengeRecord): Promise<void> {
      await store.set(`challenge:${id}`, record, CHALLENGE_TTL_MS);
    },

    async endChallenge(req: FastifyRequest, res: FastifyReply): Promise<void> {
      if (req.cookies[challengeCookie] === undefined) return;
      const id = idFrom(req, challengeCookie);
      if (id) await store.delete(`challenge:${id}`);
      res.clearCookie(challengeCookie, cookieOptions);
    },
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;
