import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './memory-store';
import { createSessionManager } from './session-manager';

const MINUTE = 60_000;

/** A session manager and a browser on one injected clock: the cookie jar holds what the BFF set. */
function setup() {
  let clock = Date.parse('2026-11-23T12:00:00Z');
  const now = () => clock;
  const store = createMemoryStore({ now });
  const sessions = createSessionManager({
    store,
    idleMs: 30 * MINUTE,
    absoluteMs: 12 * 60 * MINUTE,
    secureCookie: false,
    now,
  });
  const jar: Record<string, string> = {};
  const req = { cookies: jar } as unknown as FastifyRequest;
  const res = {
    setCookie: (name: string, value: string) => {
      jar[name] = value;
    },
    clearCookie: (name: string) => {
      delete jar[name];
    },
  } as unknown as FastifyReply;
  const fields = { token: 't', clientId: '1', cpfCnpj: '52998224725', nome: 'Maria' };
  return { sessions, req, res, fields, advance: (ms: number) => (clock += ms) };
}

describe('session expiry, on an injected clock', () => {
  it('ends a session idle for 30 minutes, and keeps one in use', async () => {
    const { sessions, req, res, fields, advance } = setup();
    await sessions.start(req, res, fields);
    advance(29 * MINUTE);
    expect(await sessions.load(req)).not.toBeNull();
    advance(29 * MINUTE); // 29 minutes after the last use
    expect(await sessions.load(req)).not.toBeNull();
    advance(31 * MINUTE);
    expect(await sessions.load(req)).toBeNull();
  });

  it('ends a session 12 hours after sign-in however busy it is', async () => {
    const { sessions, req, res, fields, advance } = setup();
    await sessions.start(req, res, fields);
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      advance(20 * MINUTE);
      expect(await sessions.load(req), `after ${elapsed + 20} minutes`).not.toBeNull();
    }
    advance(20 * MINUTE);
    expect(await sessions.load(req)).toBeNull();
  });
});
