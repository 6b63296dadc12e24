import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let stack: Stack;
let web: string;
beforeAll(async () => {
  // a build of the SPA with a few files, as apps/web/dist would have
  web = mkdtempSync(join(tmpdir(), 'portal-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Portal</title>');
  for (const name of ['app-1a2b.js', 'app-3c4d.css', 'vendor-5e6f.js'])
    writeFileSync(join(web, 'assets', name), '/* built */');
  stack = await startStack({ env: { WEB_DIST: web, APP_VERSION: '1.4.2', APP_REVISION: 'abc1234' } });
});
afterAll(async () => {
  await stack.close();
  rmSync(web, { recursive: true, force: true });
});

const scrape = async () => (await request(stack.app.server).get('/metrics')).text;
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};
const routes = (text: string) =>
  new Set([...text.matchAll(/^portal_http_requests_total\{[^}]*route="([^"]*)"/gm)].map((m) => m[1]));

describe('HTTP metrics labels', () => {
  it('label each procedure of a batch by its name, with the batch status', async () => {
    const client = stack.client();
    await client.trpc.auth.signIn.mutate(PERSONA.maria);
    await Promise.all([client.trpc.auth.session.query(), client.trpc.debts.creditors.query()]);
    // the harness client sends one call per request: a batch of two is sent by hand
    const batch = await request(stack.app.server)
      .get('/trpc/auth.session,debts.creditors?batch=1&input={}')
      .set('cookie', [...client.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    expect(batch.status).toBe(200);
    const text = await scrape();
    expect(
      sample(text, 'portal_http_requests_total{method="GET",route="trpc:auth.session",status="200"}'),
    ).toBe(2);
    expect(
      sample(text, 'portal_http_requests_total{method="GET",route="trpc:debts.creditors",status="200"}'),
    ).toBe(2);
  });

  it('label every file of the SPA build as one route, static', async () => {
    const before =
      sample(await scrape(), 'portal_http_requests_total{method="GET",route="static",status="200"}') ?? 0;
    for (const name of ['app-1a2b.js', 'app-3c4d.css', 'vendor-5e6f.js'])
      expect((await request(stack.app.server).get(`/assets/${name}`)).status).toBe(200);
    // a deep link the SPA's history fallback answers with index.html is a static file too
    expect((await request(stack.app.server).get('/acordos/123')).status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'portal_http_requests_total{method="GET",route="static",status="200"}')).toBe(
      before + 4,
    );
    expect(text).not.toMatch(/app-1a2b|vendor-5e6f|acordos/);
  });

  it('never take a label from a URL: unknown procedures, odd paths and other routes are bounded', async () => {
    const names = Array.from({ length: 5 }, (_, i) => `nope${i}.x${i}`);
    for (const name of names) await request(stack.app.server).get(`/trpc/${name}?input={}`);
    // an escaped comma outside a batch: refused, as every part of the BFF reads it
    await request(stack.app.server).get('/trpc/a%2Cb?input={}');
    await request(stack.app.server).get('/api/boletos/zz-999');
    await request(stack.app.server).get('/not/a/page.txt');
    const text = await scrape();
    const seen = routes(text);
    expect(seen).toContain('trpc:unknown');
    expect(seen).toContain('trpc:refused');
    expect(seen).toContain('/api/boletos/:ref');
    expect(seen).toContain('not-found');
    expect(text).not.toMatch(/nope\d|zz-999|page\.txt/);
    for (const route of seen) expect(route).toMatch(/^(trpc:[A-Za-z0-9.]+|static|not-found|\/[a-z/:]*)$/);
  });
});

describe('build and dependency metrics', () => {
  it('say which build runs, and that every dependency is up', async () => {
    const text = await scrape();
    expect(
      sample(text, `portal_build_info{version="1.4.2",revision="abc1234",node="${process.version}"}`),
    ).toBe(1);
    for (const dependency of ['store', 'proxy', 'activation', 'trail'])
      expect(sample(text, `portal_dependency_up{dependency="${dependency}"}`)).toBe(1);
  });

  it('put the version in every log line', async () => {
    const lines: string[] = [];
    const own = await startStack({
      env: { APP_VERSION: '9.9.9' },
      deps: { logStream: { write: (line) => lines.push(line) } },
    });
    await request(own.app.server).get('/healthz');
    await own.close();
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ version: '9.9.9' });
  });
});
