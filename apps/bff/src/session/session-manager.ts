import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionData, SessionStore } from './session-store';

export interface SessionManagerOptions {
  store: SessionStore;
  idleMs: number;
  absoluteMs: number;
  secureCookie: boolean;
  now?: () => number;
}

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
}: SessionManagerOptions) {
  // __Host- pins the cookie to this origin, path / and Secure; plain http in development can't use it.
  const cookieName = secureCookie ? '__Host-sid' : 'sid';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookie } as const;
  const ttl = (data: SessionData) => Math.max(1, Math.min(idleMs, data.createdAt + absoluteMs - now()));
  const key = (id: string) => `session:${id}`;
  const idFrom = (req: FastifyRequest) => {
    const id = req.cookies[cookieName];
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
        await store.delete(key(id));
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
      if (old) await store.delete(key(old));
      const id = randomBytes(32).toString('base64url');
      const at = now();
      const data: SessionData = { ...fields, createdAt: at, lastSeenAt: at };
      await store.set(key(id), data, ttl(data));
      res.setCookie(cookieName, id, cookieOptions);
      return { id, data };
    },

    async end(req: FastifyRequest, res: FastifyReply): Promise<void> {
      const id = idFrom(req);
      if (id) await store.delete(key(id));
      res.clearCookie(cookieName, cookieOptions);
    },
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;
