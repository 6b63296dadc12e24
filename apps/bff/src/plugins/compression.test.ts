import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA, type Stack, startStack } from '../testing/harness';

let stack: Stack;
let cookie: string;
beforeAll(async () => {
  stack = await startStack();
  const client = stack.client();
  await client.trpc.auth.signIn.mutate(PERSONA.maria);
  cookie = client.cookieHeader();
});
afterAll(() => stack.close());

const query = (path: string, input?: unknown) =>
  stack.app.inject({
    method: 'GET',
    url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
    // as the app's own page asks (the offers query has side effects: a foreign origin is refused)
    headers: { cookie, 'sec-fetch-site': 'same-origin', 'accept-encoding': 'gzip, br' },
  });

describe('API compression', () => {
  it('compresses an answer above 1 KB with brotli, and leaves a small one as it is', async () => {
    // Maria's Ipê Eletro contract: its offers list many instalments and proposals
    const offers = await query('negotiation.offers', {
      codcredor: '1002',
      contrato: '4587120093',
      propostas: true,
      dividas: true,
    });
    expect(offers.headers['content-encoding']).toBe('br');
    expect(offers.headers.vary).toMatch(/accept-encoding/i);
    const text = brotliDecompressSync(offers.rawPayload).toString();
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024);
    expect(offers.rawPayload.length).toBeLessThan(Buffer.byteLength(text) / 2);
    expect(JSON.parse(text).result.data.proposals.length).toBeGreaterThan(0);

    const small = await query('auth.session');
    expect(Buffer.byteLength(small.body)).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
