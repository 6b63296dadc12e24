import { buildStub, type Stub } from '@portal/stub/app';
import type { ReceivedTrailRecord } from '@portal/stub/channels/trail';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeyring, type Keyring } from '../keys/keyring';
import { createMemoryStore } from '../store/memory-store';
import type { SessionStore } from '../store/store';
import { createTrailChannel, type TrailChannel, type TrailVisit } from './trail-channel';

const logged: string[] = [];
const recordingLogger = Object.fromEntries(
  ['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((level) => [
    level,
    (...args: unknown[]) => logged.push(JSON.stringify([level, ...args])),
  ]),
) as unknown as FastifyBaseLogger;

let stub: Stub;
let base: string;
let store: SessionStore;
let trail: TrailChannel;

const SECRET = 'a-test-secret-of-enough-length';
const open = (on: SessionStore = store, keys: Keyring = createKeyring(SECRET)) => {
  trail = createTrailChannel({
    url: `${base.replace('http', 'ws')}/ws/trilha`,
    store: on,
    keys,
    logger: recordingLogger,
    ackTimeoutMs: 300,
    backoffMs: { initial: 20, max: 200 },
  });
  return trail;
};

const visit = (sessionId: string): TrailVisit => ({
  sessionId,
  ip: '203.0.113.7',
  device: 'desktop',
  opened: { claimForMs: 60_000 },
});
const view = { metodo: 'gravarTrilha', stage: 1, flow: 1, trail: 'home', clienteId: '' } as const;

const received = async (sessionId: string) =>
  (await (await fetch(`${base}/__stub/trilha?sessionId=${sessionId}`)).json()) as ReceivedTrailRecord[];

beforeEach(async () => {
  logged.length = 0;
  store = createMemoryStore();
  stub = await buildStub();
  base = await stub.app.listen({ port: 0, host: '127.0.0.1' });
});

afterEach(async () => {
  await trail?.close();
  await stub.app.close();
  await store.close();
});

describe('trail channel', () => {
  it('derives session ids that hide the cookie value and agree between instances with one secret', async () => {
    const one = open();
    const id = 'x'.repeat(43);
    expect(one.sessionIdOf(id)).not.toContain(id);
    expect(one.sessionIdOf(id)).toMatch(/^k[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{43}$/);
    const other = createTrailChannel({
      url: 'ws://127.0.0.1:9',
      store,
      keys: createKeyring(SECRET),
      logger: recordingLogger,
    });
    expect(other.sessionIdOf(id)).toBe(one.sessionIdOf(id));
    expect(one.sessionIdOf(`${id}y`)).not.toBe(one.sessionIdOf(id));
    await other.close();
  });

  it('keeps the id a signed-in session opened under before a rotation: one gravarSessao, every record under it', async () => {
    const cookie = 'c'.repeat(43);
    const before = open();
    const opened = before.sessionIdOf(cookie);
    await before.record({ ...visit(opened), formerIds: before.formerSessionIdsOf(cookie) }, view);
    await before.close();
    const after = open(store, createKeyring('the-next-secret-of-enough-length', [SECRET]));
    const newest = after.sessionIdOf(cookie);
    expect(newest).not.toBe(opened);
    expect(after.formerSessionIdsOf(cookie)).toContain(opened);
    await after.record({ ...visit(newest), formerIds: after.formerSessionIdsOf(cookie) }, view);
    expect((await received(opened)).map((r) => [r.metodo, r.semSessao === true])).toEqual([
      ['gravarSessao', false],
      ['gravarTrilha', false],
      ['gravarTrilha', false],
    ]);
    expect(await received(newest)).toEqual([]);
    // a session that opened under no former id opens under the newest key's
    const fresh = 'f'.repeat(43);
    await after.record(
      { ...visit(after.sessionIdOf(fresh)), formerIds: after.formerSessionIdsOf(fresh) },
      view,
    );
    expect((await received(after.sessionIdOf(fresh))).map((r) => r.metodo)).toEqual([
      'gravarSessao',
      'gravarTrilha',
    ]);
  });

  it('goes straight to the record when another instance already claimed the session', async () => {
    await store.increment('trail-session:s-1', 60_000);
    await open().record(visit('s-1'), view);
    expect((await received('s-1')).map((r) => [r.metodo, r.semSessao])).toEqual([['gravarTrilha', true]]);
  });

  it('gives the claim back when the session record could not leave, so the next record tries again', async () => {
    await stub.app.close();
    await open().record(visit('s-2'), view);
    expect(await store.count('trail-session:s-2')).toBe(0);
  });

  it('never rejects, and logs no content, when the store fails', async () => {
    const broken: SessionStore = {
      ...store,
      increment: () => Promise.reject(new Error('store down for 203.0.113.7')),
    };
    await expect(open(broken).record(visit('s-3'), view)).resolves.toBeUndefined();
    expect(logged.some((l) => l.includes('trail channel: a record failed'))).toBe(true);
    expect(logged.join('\n')).not.toContain('203.0.113.7');
    expect(await received('s-3')).toEqual([]);
  });
});
