import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PAGES = {
  'home.html': '<title>Início</title>',
  'login.html': '<title>Entrar</title>',
  'termos-gerais.html': '<title>Termos</title>',
};

let stack: Stack;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // what the build makes beside each text file
  for (const file of ['index.html', join('assets', 'app-abc123.js')]) {
    const text = file === 'index.html' ? '<!doctype html><title>SPA</title>' : 'console.log(1)';
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
  }
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
  // the public pages the build prerendered, and their index
  mkdirSync(join(dist, 'pages'));
  for (const [name, text] of Object.entries(PAGES)) {
    writeFileSync(join(dist, 'pages', name), text);
    writeFileSync(join(dist, 'pages', `${name}.br`), brotliCompressSync(text));
  }
  writeFileSync(
    join(dist, 'pages', 'index.json'),
    JSON.stringify({
      '/': { file: 'pages/home.html', signedInTo: '/minha-conta' },
      '/login': { file: 'pages/login.html', signedInTo: '/minha-conta' },
      '/termos-gerais': { file: 'pages/termos-gerais.html' },
    }),
  );
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

  it("serves the build's brotli or gzip file as the browser accepts, with Vary, for assets and pages", async () => {
    for (const url of ['/assets/app-abc123.js', '/minha-conta']) {
      const expected = url === '/minha-conta' ? '<!doctype html><title>SPA</title>' : 'console.log(1)';
      const get = (encoding: string) =>
        stack.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': encoding, accept: 'text/html' },
        });
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);
      const gz = await get('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(expected);
      const plain = await get('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(expected);
    }
  });

  it('serves a prerendered public page at its path, compressed as accepted, and the SPA shell elsewhere', async () => {
    const get = (url: string, encoding = 'identity') =>
      stack.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, accept: 'text/html' } });
    const home = await get('/');
    expect(home.body).toBe(PAGES['home.html']);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await get('/login?cpfCnpj=1')).body).toBe(PAGES['login.html']);
    const br = await get('/login', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGES['login.html']);
    expect((await get('/cadastro')).body).toContain('<title>SPA</title>');
  });

  it('sends a signed-in user from a visitors’ page to Minha conta, and serves an open page to everyone', async () => {
    const { trpc, cookieHeader } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const get = (url: string, cookie?: string) =>
      stack.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
    const home = await get('/', cookieHeader());
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/minha-conta');
    expect(home.headers['cache-control']).toBe('no-store');
    expect((await get('/login', cookieHeader())).headers.location).toBe('/minha-conta');
    expect((await get('/termos-gerais', cookieHeader())).body).toBe(PAGES['termos-gerais.html']);
    // signed out, or with a session that is no more: the page
    expect((await get('/')).body).toBe(PAGES['home.html']);
    expect((await get('/', `sid=${'A'.repeat(43)}`)).body).toBe(PAGES['home.html']);
    expect((await get('/')).headers.vary).toContain('Cookie');
  });
});
