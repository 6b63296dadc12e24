import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// a script well above any compression threshold, as the build leaves it with its .br beside it
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ row: i })))};`;

let stack: Stack;
let dist: string;
let cookie: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SPA</title>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  stack = await startStack({ env: { WEB_DIST: dist } });
  const client = stack.client();
  await client.trpc.auth.signIn.mutate(PERSONA.maria);
  cookie = client.cookieHeader();
});
afterAll(async () => {
  await stack.close();
  rmSync(dist, { recursive: true, force: true });
});

const query = (path: string, input?: unknown) =>
  stack.app.inject({
    method: 'GET',
    url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
    // as the app's own page asks (the offers query has side effects: a foreign origin is refused)
    headers: { cookie, 'sec-fetch-site': 'same-origin', 'accept-encoding': 'gzip, br' },
  });

describe('compression (BREACH)', () => {
  it('leaves a large API answer uncompressed, whatever the browser accepts', async () => {
    // Maria's Ipê Eletro contract: its offers list many instalments and proposals
    const offers = await query('negotiation.offers', {
      codcredor: '1002',
      contrato: '4587120093',
      propostas: true,
      dividas: true,
    });
    expect(offers.statusCode).toBe(200);
    expect(Buffer.byteLength(offers.body)).toBeGreaterThan(1024);
    expect(offers.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(offers.body).result.data.proposals.length).toBeGreaterThan(0);
  });

  it('still serves the build’s files pre-compressed', async () => {
    const script = await stack.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(script.rawPayload).toString()).toBe(SCRIPT);
  });
});
