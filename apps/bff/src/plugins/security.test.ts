import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import Fastify from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { contentSecurityPolicy, security, securityHeaders } from './security';

// What production refuses to start without, for one in-process instance (config.test.ts tests the refusals).
const PRODUCTION = { KEY_SECRET: randomBytes(32).toString('hex'), ALLOW_MEMORY_STORE_ONE_INSTANCE: 'true' };

let stack: Stack;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
  stack = await startStack({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await stack.close();
  rmSync(dist, { recursive: true, force: true });
});

const signIn = () =>
  request(stack.app.server).post('/trpc/auth.signIn').set('content-type', 'application/json');
const upstreamLogins = () => stack.stub.calls.get('POST /login') ?? 0;

describe('queries with side effects', () => {
  it('refuses a cross-site contracts or score query, so a link cannot send an access record', async () => {
    const client = stack.client();
    await client.trpc.auth.signIn.mutate(PERSONA.maria);
    const records = () => stack.stub.state.acionamentos.length;
    const scores = () => stack.stub.calls.get('GET /score') ?? 0;
    const [before, scoresBefore] = [records(), scores()];
    const input = encodeURIComponent(JSON.stringify({ codcredor: '1001' }));
    for (const path of [`/trpc/negotiation.contracts?input=${input}`, '/trpc/account.score']) {
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
        const response = await request(stack.app.server)
          .get(path)
          .set('cookie', client.cookieHeader())
          .set(headers);
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(records()).toBe(before);
    expect(scores()).toBe(scoresBefore);
    // the portal's own page still asks
    const own = await request(stack.app.server)
      .get('/trpc/account.score')
      .set('cookie', client.cookieHeader())
      .set('sec-fetch-site', 'same-origin');
    expect(own.status).toBe(200);
  });
});

describe('mutations', () => {
  it('refuses a foreign Origin without reaching the upstream', async () => {
    const before = upstreamLogins();
    const response = await signIn().set('origin', 'https://evil.example').send(PERSONA.maria);
    expect(response.status).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(upstreamLogins()).toBe(before);
  });

  it('refuses Sec-Fetch-Site: cross-site', async () => {
    const response = await signIn().set('sec-fetch-site', 'cross-site').send(PERSONA.maria);
    expect(response.status).toBe(403);
  });

  it('refuses a non-JSON content type', async () => {
    const response = await request(stack.app.server)
      .post('/trpc/auth.signIn')
      .set('content-type', 'text/plain')
      .send(JSON.stringify(PERSONA.maria));
    expect(response.status).toBe(415);
  });

  it('refuses a mutation sent as GET', async () => {
    const input = encodeURIComponent(JSON.stringify(PERSONA.maria));
    const response = await request(stack.app.server).get(`/trpc/auth.signIn?input=${input}`);
    expect(response.status).toBe(405);
  });

  it('refuses sign-in inside a batch', async () => {
    const before = upstreamLogins();
    const response = await request(stack.app.server)
      .post('/trpc/auth.signIn,auth.signIn?batch=1')
      .set('content-type', 'application/json')
      .send({ 0: PERSONA.maria, 1: PERSONA.joao });
    expect(response.status).toBe(400);
    expect(upstreamLogins()).toBe(before);
  });

  it('refuses two sign-ins joined by a percent-encoded comma, as tRPC decodes the path', async () => {
    const before = upstreamLogins();
    for (const path of [
      'auth.signIn%2Cauth.signIn',
      'auth.signIn%2cauth.signIn',
      'auth%2EsignIn%2Cauth.signIn',
    ]) {
      const response = await request(stack.app.server)
        .post(`/trpc/${path}?batch=1`)
        .set('content-type', 'application/json')
        .send({ 0: PERSONA.maria, 1: PERSONA.joao });
      expect(response.status, path).toBe(400);
    }
    expect(upstreamLogins()).toBe(before);
  });

  it('refuses every credential procedure inside a batch, also behind a harmless one', async () => {
    const before = [...stack.stub.calls.values()].reduce((a, b) => a + b, 0);
    const valid = { cpfCnpj: '529.982.247-25' };
    for (const path of [
      'auth.signOut,recovery.send',
      'auth.signOut,auth.startChallenge',
      'auth.signOut,auth.signIn',
    ]) {
      const response = await request(stack.app.server)
        .post(`/trpc/${path}?batch=1`)
        .set('content-type', 'application/json')
        .send({ 0: null, 1: path.endsWith('signIn') ? PERSONA.maria : valid });
      expect(response.status, path).toBe(400);
    }
    expect([...stack.stub.calls.values()].reduce((a, b) => a + b, 0)).toBe(before);
  });

  it('refuses a batch of more than 10 calls', async () => {
    const paths = Array.from({ length: 11 }, () => 'auth.session').join(',');
    const response = await request(stack.app.server).get(`/trpc/${paths}?batch=1&input={}`);
    expect(response.status).toBe(400);
  });

  it('accepts a same-origin sign-in', async () => {
    const response = await signIn().set('sec-fetch-site', 'same-origin').send(PERSONA.maria);
    expect(response.status).toBe(200);
  });

  it('answers 400, not 500, to invalid JSON', async () => {
    const response = await signIn().send('{"cpfCnpj":');
    expect(response.status).toBe(400);
  });

  it('answers 413 to an oversize body', async () => {
    const response = await signIn().send({ cpfCnpj: '1'.repeat(70_000), senha: 'x' });
    expect(response.status).toBe(413);
  });
});

describe('headers', () => {
  const server = () => request(stack.app.server);
  const responses = {
    'an HTML page': () => server().get('/minha-conta').set('accept', 'text/html'),
    'a query': () => server().get('/trpc/auth.session'),
    'a mutation': () => signIn().send(PERSONA.joao),
    'a refused mutation': () => signIn().set('origin', 'https://evil.example').send(PERSONA.joao),
    'a 404': () => server().get('/api/nothing-here'),
    'a procedure error': () => server().get('/trpc/debts.creditors'),
    'invalid JSON': () => signIn().send('{"cpfCnpj":'),
    'a probe': () => server().get('/healthz'),
  };

  it.each(Object.entries(responses))('sends the security headers on %s', async (kind, send) => {
    const response = await send();
    const csp = response.headers['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers.server).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.text).not.toMatch(/\bat \/|node_modules|stack/);
    // Only the HTML shell may be kept (and revalidated); every API answer is personal.
    expect(response.headers['cache-control']).toBe(kind === 'an HTML page' ? 'no-cache' : 'no-store');
    // Only a sign-in sets cookies: the opaque session id and the signed device id, out of reach of
    // scripts and other sites.
    const cookies = (response.headers['set-cookie'] ?? []) as unknown as string[];
    if (kind !== 'a mutation') expect(cookies).toEqual([]);
    const sid = cookies.filter((cookie) => cookie.startsWith('sid='));
    const device = cookies.filter((cookie) => cookie.startsWith('dispositivo='));
    for (const cookie of sid) {
      expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
      expect(cookie).toMatch(/; SameSite=Lax/);
    }
    for (const cookie of device) expect(cookie).toMatch(/; SameSite=Strict/);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; Path=\//);
    }
    if (kind === 'a mutation') expect([sid.length, device.length]).toEqual([1, 1]);
    expect(sid.length + device.length).toBe(cookies.length);
  });

  it('answers 431 to oversized headers', async () => {
    const response = await server().get('/trpc/auth.session').set('x-filler', 'a'.repeat(20_000));
    expect(response.status).toBe(431);
  });
});

describe('content security policy', () => {
  it('allows Google Identity Services only when a client id is configured', () => {
    const base = loadConfig({ UPSTREAM_URL: 'http://u' });
    expect(contentSecurityPolicy(base)).not.toContain('google');
    expect(contentSecurityPolicy(base)).toContain("frame-src 'none'");
    const google = contentSecurityPolicy(loadConfig({ UPSTREAM_URL: 'http://u', GOOGLE_CLIENT_ID: 'x' }));
    expect(google).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(google).toContain('frame-src https://accounts.google.com/gsi/');
    expect(google).not.toContain('unsafe-inline');
  });
});

describe('production', () => {
  it('adds HSTS and a __Host- Secure cookie', async () => {
    const prod = await startStack({ env: { ...PRODUCTION, NODE_ENV: 'production' } });
    try {
      const response = await request(prod.app.server)
        .post('/trpc/auth.signIn')
        .set('content-type', 'application/json')
        .send(PERSONA.maria);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['cache-control']).toBe('no-store');
      const [cookie] = response.headers['set-cookie'] as unknown as string[];
      expect(cookie).toMatch(/^__Host-sid=/);
      expect(cookie).toMatch(/Secure/);
    } finally {
      await prod.close();
    }
  });
});

describe('headers a route sets itself', () => {
  it.each(['test', 'production'] as const)(
    'keeps every security header a route set, and gives the others their default (%s)',
    async (NODE_ENV) => {
      const config = loadConfig({
        UPSTREAM_URL: 'http://u',
        ...(NODE_ENV === 'production' ? PRODUCTION : {}),
        NODE_ENV,
      });
      const defaults = securityHeaders(config);
      const app = Fastify();
      security(app, config);
      const own = (name: string) => `the route's own ${name}`;
      app.get('/own', async (_req, reply) => {
        for (const name of Object.keys(defaults)) reply.header(name, own(name));
        return 'ok';
      });
      app.get('/plain', async () => 'ok');
      try {
        const [ownHeaders, plainHeaders] = await Promise.all([
          app.inject({ url: '/own' }).then((r) => r.headers),
          app.inject({ url: '/plain' }).then((r) => r.headers),
        ]);
        expect(Object.keys(defaults).length).toBeGreaterThanOrEqual(NODE_ENV === 'production' ? 7 : 6);
        for (const [name, value] of Object.entries(defaults)) {
          expect(ownHeaders[name], name).toBe(own(name));
          expect(plainHeaders[name], name).toBe(value);
        }
      } finally {
        await app.close();
      }
    },
  );

  it("keeps a creditor logo's sandboxing CSP and its cache policy", async () => {
    const [creditor] = [...stack.stub.state.creditors.values()];
    const response = await request(stack.app.server).get(`/api/logos/${creditor?.slug}.svg`);
    expect(response.status).toBe(200);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
