import { describe, expect, it } from 'vitest';
import type { Cookies } from '../core/cookies';
import { SESSION_SLOTS } from '../core/session';
import { createMemoryStore } from '../store/memory-store';
import type { SessionStore } from '../store/store';
import { createSessionManager, type PersonIndex } from './session-manager';

const MINUTE = 60_000;
const MARIA: PersonIndex = { person: 'pseudonym-of-maria', max: 10 };

/** A browser: its cookie jar holds what the BFF set. */
function browser() {
  const jar: Record<string, string> = {};
  const cookies: Cookies = {
    get: (name) => jar[name],
    set: (name, value) => {
      jar[name] = value;
    },
    clear: (name) => {
      delete jar[name];
    },
  };
  return { jar, cookies };
}

/**
 * A session manager on an injected clock, over a memory store that remembers the keys written to it (to
 * look for leftovers), and one browser.
 */
function setup() {
  let clock = Date.parse('2026-11-23T12:00:00Z');
  const now = () => clock;
  const memory = createMemoryStore({ now });
  const written = new Set<string>();
  const store: SessionStore = {
    ...memory,
    set: (key, value, ttlMs) => {
      written.add(key);
      return memory.set(key, value, ttlMs);
    },
    claim: (key, value, ttlMs) => {
      written.add(key);
      return memory.claim(key, value, ttlMs);
    },
  };
  const sessions = createSessionManager({
    store,
    idleMs: 30 * MINUTE,
    absoluteMs: 12 * 60 * MINUTE,
    secureCookie: false,
    now,
  });
  /** The keys written under a session id that the store still holds. */
  const leftOf = async (id: string) => {
    const left: string[] = [];
    for (const key of written) if (key.includes(id) && (await memory.get(key)) !== undefined) left.push(key);
    return left;
  };
  const fields = { token: 't', clientId: '1', cpfCnpj: '52998224725', nome: 'Maria' };
  return { sessions, store: memory, leftOf, ...browser(), fields, advance: (ms: number) => (clock += ms) };
}

describe('session expiry, on an injected clock', () => {
  it('ends a session idle for 30 minutes, and keeps one in use', async () => {
    const { sessions, cookies, fields, advance } = setup();
    await sessions.start(cookies, fields, MARIA);
    advance(29 * MINUTE);
    expect(await sessions.load(cookies)).not.toBeNull();
    advance(29 * MINUTE); // 29 minutes after the last use
    expect(await sessions.load(cookies)).not.toBeNull();
    advance(31 * MINUTE);
    expect(await sessions.load(cookies)).toBeNull();
  });

  it('ends a session 12 hours after sign-in however busy it is', async () => {
    const { sessions, cookies, fields, advance } = setup();
    await sessions.start(cookies, fields, MARIA);
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      advance(20 * MINUTE);
      expect(await sessions.load(cookies), `after ${elapsed + 20} minutes`).not.toBeNull();
    }
    advance(20 * MINUTE);
    expect(await sessions.load(cookies)).toBeNull();
  });
});

describe('session slots, on an injected clock', () => {
  const summary = { chave: 'k' } as never;

  it('go with a session that went idle: nothing of it is left in the store, though nobody came back', async () => {
    const { sessions, cookies, fields, advance, leftOf } = setup();
    const session = await sessions.start(cookies, fields, MARIA);
    for (const slot of SESSION_SLOTS) await sessions.write(session, slot, summary);
    expect(await leftOf(session.id)).toHaveLength(1 + SESSION_SLOTS.length);
    advance(30 * MINUTE);
    expect(await leftOf(session.id)).toEqual([]);
  });

  it('live as long as a session in use, and go 30 minutes after its last use', async () => {
    const { sessions, cookies, fields, advance, leftOf } = setup();
    const session = await sessions.start(cookies, fields, MARIA);
    await sessions.write(session, 'summary', summary);
    for (let minutes = 0; minutes < 120; minutes += 20) {
      advance(20 * MINUTE);
      const loaded = await sessions.load(cookies);
      if (!loaded) throw new Error(`ended after ${minutes + 20} minutes in use`);
      expect(await sessions.read(loaded, 'summary')).toEqual(summary);
    }
    advance(29 * MINUTE);
    expect(await leftOf(session.id)).toHaveLength(2);
    advance(1 * MINUTE);
    expect(await leftOf(session.id)).toEqual([]);
    expect(await sessions.load(cookies)).toBeNull();
  });

  it('go at once when a session is found expired or signed out', async () => {
    const { sessions, cookies, fields, advance, leftOf } = setup();
    const first = await sessions.start(cookies, fields, MARIA);
    await sessions.write(first, 'agreement', summary);
    await sessions.end(cookies);
    expect(await leftOf(first.id)).toEqual([]);

    const second = await sessions.start(cookies, fields, MARIA);
    await sessions.write(second, 'agreement', summary);
    advance(12 * 60 * MINUTE);
    expect(await sessions.load(cookies)).toBeNull();
    expect(await leftOf(second.id)).toEqual([]);
  });
});

describe("a person's sessions", () => {
  it('a renewed session has a new id, the same data and slots; the old id and the other sessions end', async () => {
    const { sessions, store, fields, advance } = setup();
    const here = browser();
    const elsewhere = [browser(), browser()];
    const someoneElse = browser();
    const session = await sessions.start(here.cookies, fields, MARIA);
    for (const other of elsewhere) await sessions.start(other.cookies, fields, MARIA);
    await sessions.start(
      someoneElse.cookies,
      { ...fields, cpfCnpj: '11144477735' },
      {
        person: 'pseudonym-of-joao',
        max: 10,
      },
    );
    await sessions.write(session, 'summary', { chave: 'k' } as never);
    advance(5 * MINUTE);
    const loaded = await sessions.load(here.cookies);
    if (!loaded) throw new Error('signed out');

    const oldId = here.jar.sid;
    await sessions.renew(here.cookies, loaded, MARIA);
    expect(here.jar.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(here.jar.sid).not.toBe(oldId);
    const renewed = await sessions.load(here.cookies);
    expect(renewed?.data).toMatchObject({ ...fields, createdAt: session.data.createdAt });
    if (!renewed) throw new Error('signed out');
    expect(await sessions.read(renewed, 'summary')).toEqual({ chave: 'k' });

    const stale = browser();
    stale.jar.sid = oldId ?? '';
    expect(await sessions.load(stale.cookies)).toBeNull();
    expect(await store.get(`session:${oldId}:summary`)).toBeUndefined();
    for (const other of elsewhere) expect(await sessions.load(other.cookies)).toBeNull();
    expect(await sessions.load(someoneElse.cookies)).not.toBeNull();
  });

  it('keeps at most its bound listed: a sign-in beyond it ends the earliest', async () => {
    const { sessions, fields } = setup();
    const few: PersonIndex = { person: 'pseudonym-of-ana', max: 3 };
    const browsers = [browser(), browser(), browser(), browser()];
    for (const b of browsers) await sessions.start(b.cookies, fields, few);
    const [first, ...rest] = browsers;
    expect(await sessions.load(first?.cookies as Cookies)).toBeNull();
    for (const b of rest) expect(await sessions.load(b.cookies)).not.toBeNull();
    // a renewal still reaches every session listed
    const [keep, ...others] = rest;
    if (!keep) throw new Error('no browser');
    const loaded = await sessions.load(keep.cookies);
    if (!loaded) throw new Error('signed out');
    await sessions.renew(keep.cookies, loaded, few);
    expect(await sessions.load(keep.cookies)).not.toBeNull();
    for (const b of others) expect(await sessions.load(b.cookies)).toBeNull();
  });

  it('a session begun before lists were kept is listed at its renewal, which still ends the others', async () => {
    const { sessions, store, fields } = setup();
    const here = browser();
    const other = browser();
    await sessions.start(other.cookies, fields, MARIA);
    const id = 'a'.repeat(43);
    const at = Date.parse('2026-11-23T12:00:00Z');
    await store.set(`session:${id}`, { ...fields, createdAt: at, lastSeenAt: at }, 30 * MINUTE);
    here.jar.sid = id;
    await sessions.renew(here.cookies, { id }, MARIA);
    expect(here.jar.sid).not.toBe(id);
    expect(await sessions.load(here.cookies)).not.toBeNull();
    expect(await sessions.load(other.cookies)).toBeNull();
  });

  it('signing out takes the session off the list', async () => {
    const { sessions, store, cookies, jar, fields } = setup();
    await sessions.start(cookies, fields, MARIA);
    const id = jar.sid;
    expect(await store.get(`sessions-of:${MARIA.person}:0`)).toBe(id);
    await sessions.end(cookies);
    expect(await store.get(`sessions-of:${MARIA.person}:0`)).toBeUndefined();
  });
});
