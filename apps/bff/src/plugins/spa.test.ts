import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../testing/harness';

let stack: Stack;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
  stack = await startStack({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await stack.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built SPA', () => {
  it('serves index.html for a client-side route', async () => {
    const response = await request(stack.app.server).get('/minha-conta').set('accept', 'text/html');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<title>SPA</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves hashed assets as immutable and real files as themselves', async () => {
    const asset = await request(stack.app.server).get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const robots = await request(stack.app.server).get('/robots.txt');
    expect(robots.text).toBe('User-agent: *');
  });

  it('answers 404, not the SPA, for unknown API paths and missing files', async () => {
    expect((await request(stack.app.server).get('/api/nada')).status).toBe(404);
    expect((await request(stack.app.server).get('/trpc/nada.aqui')).status).toBe(404);
    expect((await request(stack.app.server).get('/assets/missing.js')).status).toBe(404);
  });
});
