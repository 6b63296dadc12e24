import { randomBytes } from 'node:crypto';
import type { Cookies } from '../core/cookies';
import type { SessionData } from '../core/session';
import { SESSION_SLOTS, type SessionSlot, type SessionSlots } from '../core/session';
import type { SessionStore } from '../store/store';

interface SessionManagerOptions {
  store: SessionStore;
  idleMs: number;
  absoluteMs: number;
  secureCookie: boolean;
  now?: () => number;
  /** counts sign-ins, sign-outs and sessions found expired (metrics) */
  onEvent?: (event: 'started' | 'ended' | 'expired') => void;
}

/** An identity question in progress, before there is a session. */
interface ChallengeRecord {
  cpfCnpj: string;
  pergunta: string;
}

/** Whose session this is, for the list of a person's sessions that a password change ends. */
export interface PersonIndex {
  /** a keyed pseudonym of the person's document: store keys never carry the document itself */
  person: string;
  /**
   * the person's pseudonyms under older keys, whose lists still hold sessions begun before a rotation: ended
   * with the others, never listed in
   */
  formerly?: string[];
  /** sessions listed per person; a sign-in beyond them ends the session whose place it takes */
  max: number;
}

/** The session's record in the store: its data, and its place in its person's list. */
interface StoredSession extends SessionData {
  listed?: { person: string; place: number };
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
  // A session used now lives this long at most; its record and its slots are written with it, so that
  // the store forgets them together once the session goes idle.
  const ttl = (data: SessionData) => Math.max(1, Math.min(idleMs, data.createdAt + absoluteMs - now()));
  const lifeLeft = (data: SessionData) => Math.max(1, data.createdAt + absoluteMs - now());
  const key = (id: string) => `session:${id}`;
  const slotKey = (id: string, slot: SessionSlot) => `session:${id}:${slot}`;
  const placeKey = (person: string, place: number) => `sessions-of:${person}:${place}`;
  const newId = () => randomBytes(32).toString('base64url');
  const idFrom = (cookies: Cookies, name = cookieName) => {
    const id = cookies.get(name);
    return id && /^[A-Za-z0-9_-]{43}$/.test(id) ? id : undefined;
  };

  /** Takes the session off its person's list, unless its place was given to another since. */
  const unlist = async (id: string, { person, place }: { person: string; place: number }) => {
    if ((await store.get<string>(placeKey(person, place))) === id)
      await store.delete(placeKey(person, place));
  };

  /** The session's record, slots and place in the list go; true when there was a session to end. */
  const destroy = async (id: string, known?: StoredSession): Promise<boolean> => {
    const record = known ?? (await store.get<StoredSession>(key(id)));
    await Promise.all([
      store.delete(key(id)),
      ...SESSION_SLOTS.map((slot) => store.delete(slotKey(id, slot))),
      record?.listed ? unlist(id, record.listed) : undefined,
    ]);
    return record !== undefined;
  };

  /**
   * A place in the person's list of sessions: handed out in turn by an atomic counter, so sign-ins at once
   * never share one, and a person has at most `max`.
   */
  const nextPlace = async ({ person, max }: PersonIndex) => ({
    person,
    place: ((await store.increment(`sessions-of:${person}:turn`, absoluteMs)) - 1) % max,
  });

  /**
   * Lists the session at its place. The session that held it is ended: one the list forgot could outlive a
   * password change.
   */
  const takePlace = async (id: string, data: StoredSession) => {
    if (!data.listed) return;
    const at = placeKey(data.listed.person, data.listed.place);
    const previous = await store.get<string>(at);
    await store.set(at, id, lifeLeft(data));
    if (previous && previous !== id && (await destroy(previous))) onEvent('ended');
  };

  /** Ends every session listed for the person but `keep`, under each of its pseudonyms. */
  const endAll = async (index: PersonIndex, keep?: string) => {
    const places = Array.from({ length: index.max }, (_, place) => place);
    await Promise.all(
      [index.person, ...(index.formerly ?? [])].flatMap((person) =>
        places.map(async (place) => {
          const other = await store.get<string>(placeKey(person, place));
          if (!other || other === keep) return;
          const ended = await destroy(other);
          await unlist(other, { person, place });
          if (ended) onEvent('ended');
        }),
      ),
    );
  };

  return {
    cookieName,

    async load(cookies: Cookies): Promise<{ id: string; data: SessionData } | null> {
      const id = idFrom(cookies);
      if (!id) return null;
      const data = await store.get<StoredSession>(key(id));
      if (!data) return null;
      const at = now();
      if (at - data.lastSeenAt >= idleMs || at - data.createdAt >= absoluteMs) {
        await destroy(id, data);
        onEvent('expired');
        return null;
      }
      if (at - data.lastSeenAt >= TOUCH_EVERY_MS) {
        data.lastSeenAt = at;
        const ttlMs = ttl(data);
        await Promise.all([
          store.set(key(id), data, ttlMs),
          // the slots' values untouched: a slot written meanwhile by another request keeps its new value
          ...SESSION_SLOTS.map((slot) => store.expire(slotKey(id, slot), ttlMs)),
        ]);
      }
      return { id, data };
    },

    /**
     * A new id at every sign-in: whatever id the browser had is destroyed. The session is listed among its
     * person's, for a password change to end.
     */
    async start(
      cookies: Cookies,
      fields: Omit<SessionData, 'createdAt' | 'lastSeenAt'>,
      index: PersonIndex,
    ): Promise<{ id: string; data: SessionData }> {
      const old = idFrom(cookies);
      if (old) await destroy(old);
      const id = newId();
      const at = now();
      const data: StoredSession = {
        ...fields,
        createdAt: at,
        lastSeenAt: at,
        listed: await nextPlace(index),
      };
      await store.set(key(id), data, ttl(data));
      await takePlace(id, data);
      cookies.set(cookieName, id, cookieOptions);
      onEvent('started');
      return { id, data };
    },

    /**
     * After a password change: this browser's session goes on under a new id (same record, same slots,
     * same place in the list; the old id is gone), and every other session of the person is ended.
     */
    async renew(cookies: Cookies, session: { id: string }, index: PersonIndex): Promise<void> {
      const data = await store.get<StoredSession>(key(session.id));
      if (!data) return;
      const id = newId();
      const ttlMs = ttl(data);
      // The slots first: the new id never answers without them.
      await Promise.all(
        SESSION_SLOTS.map(async (slot) => {
          const value = await store.get(slotKey(session.id, slot));
          if (value !== undefined) await store.set(slotKey(id, slot), value, ttlMs);
        }),
      );
      // The same place in the list, unless the session has none (it began before lists were kept).
      const listed =
        data.listed?.person === index.person && data.listed.place < index.max ? data.listed : undefined;
      if (!listed) data.listed = await nextPlace(index);
      await store.set(key(id), data, ttlMs);
      if (listed) await store.set(placeKey(listed.person, listed.place), id, lifeLeft(data));
      else await takePlace(id, data);
      await Promise.all([
        store.delete(key(session.id)),
        ...SESSION_SLOTS.map((slot) => store.delete(slotKey(session.id, slot))),
      ]);
      cookies.set(cookieName, id, cookieOptions);
      await endAll(index, id);
    },

    /** Ends every session of the person (a password reset or recovery, where no session is kept). */
    endAllOf: (index: PersonIndex) => endAll(index),

    /** The name the header shows, after a profile edit changed it. */
    async rename(session: { id: string }, nome: string): Promise<void> {
      const data = await store.get<StoredSession>(key(session.id));
      if (data) await store.set(key(session.id), { ...data, nome }, ttl(data));
    },

    async end(cookies: Cookies): Promise<void> {
      const id = idFrom(cookies);
      if (id) {
        await destroy(id);
        onEvent('ended');
      }
      cookies.clear(cookieName, cookieOptions);
    },

    /** A slot lives as long as its session: its time to live moves with the session's idle clock. */
    async write<S extends SessionSlot>(
      session: { id: string; data: SessionData },
      slot: S,
      value: SessionSlots[S],
    ): Promise<void> {
      await store.set(slotKey(session.id, slot), value, ttl(session.data));
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
    async startChallenge(cookies: Cookies, record: ChallengeRecord): Promise<void> {
      const old = idFrom(cookies, challengeCookie);
      if (old) await store.delete(`challenge:${old}`);
      const id = newId();
      await store.set(`challenge:${id}`, record, CHALLENGE_TTL_MS);
      cookies.set(challengeCookie, id, { ...cookieOptions, maxAge: CHALLENGE_TTL_MS / 1000 });
    },

    async readChallenge(cookies: Cookies): Promise<{ id: string; record: ChallengeRecord } | null> {
      const id = idFrom(cookies, challengeCookie);
      const record = id ? await store.get<ChallengeRecord>(`challenge:${id}`) : undefined;
      return id && record ? { id, record } : null;
    },

    /** Counts one answer to the question: answers at once each get a number of their own. */
    async countAnswer(id: string): Promise<number> {
      return store.increment(`challenge:${id}:answers`, CHALLENGE_TTL_MS);
    },

    /** True for the first right answer only: a question signs in once, however many answers come at once. */
    async claimRightAnswer(id: string): Promise<boolean> {
      return store.claim(`challenge:${id}:answered`, 1, CHALLENGE_TTL_MS);
    },

    async endChallenge(cookies: Cookies): Promise<void> {
      if (cookies.get(challengeCookie) === undefined) return;
      const id = idFrom(cookies, challengeCookie);
      if (id) await store.delete(`challenge:${id}`);
      cookies.clear(challengeCookie, cookieOptions);
    },
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;
