import { PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSideEffects, UNBATCHABLE } from '../routers/app-router';

let stack: Stack;
let cookie = '';
beforeAll(async () => {
  stack = await startStack();
  const user = stack.stub.state.clonePersona('maria');
  const client = stack.client();
  await client.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PERSONA.maria.senha });
  cookie = client.cookieHeader();
});
afterAll(() => stack.close());

/** Everything the upstream was asked or told: HTTP calls, proxy messages, access records. */
const upstreamActivity = () =>
  [...stack.stub.calls.values()].reduce((a, b) => a + b, 0) +
  stack.stub.state.proxyRequests.length +
  stack.stub.state.acionamentos.length;

const hex = (char: string) => char.charCodeAt(0).toString(16).padStart(2, '0');
type Choice = 'keep' | 'lower' | 'upper';

/**
 * One round of percent-encoding: each character kept or escaped, its hex digits in either case, the
 * choices taken in turn. Rounds applied one after the other escape escapes: any depth of %25.
 */
function encodeRound(text: string, choices: Choice[]): string {
  return [...text]
    .map((char, index) => {
      const choice = choices[index % choices.length] ?? 'keep';
      if (choice === 'keep') return char;
      const digits = hex(char);
      return `%${choice === 'upper' ? digits.toUpperCase() : digits.toLowerCase()}`;
    })
    .join('');
}

/** Up to five rounds of encoding over the prefix and the names, some characters left, others escaped. */
const encoding = fc.array(
  fc.array(fc.constantFrom<Choice>('keep', 'keep', 'lower', 'upper'), { minLength: 1 }),
  {
    maxLength: 5,
  },
);
const encode = (text: string, rounds: Choice[][]) => rounds.reduce(encodeRound, text);
/** `?batch=1` with its value as it is or escaped. */
const batchQuery = fc.constantFrom('batch=1', 'batch=%31');

const signedIn = (headers: Record<string, string> = {}) => ({ cookie, ...headers });

describe('the one reading of a procedure call', () => {
  it('never lets a batch holding a credential procedure reach the upstream, whatever the encoding', async () => {
    const before = upstreamActivity();
    const unbatchable = fc.constantFrom(...UNBATCHABLE);
    const names = fc.oneof(
      fc.tuple(unbatchable, unbatchable),
      fc.tuple(fc.constantFrom('auth.signOut', 'auth.lookupDocument'), unbatchable),
      fc.array(unbatchable, { minLength: 3, maxLength: 10 }),
    );
    await fc.assert(
      fc.asyncProperty(names, encoding, batchQuery, async (paths, rounds, query) => {
        const at = upstreamActivity();
        const body = Object.fromEntries(paths.map((_, i) => [i, i % 2 ? PERSONA.joao : PERSONA.maria]));
        const response = await stack.app.inject({
          method: 'POST',
          url: `${encode(`/trpc/${paths.join(',')}`, rounds)}?${query}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(upstreamActivity()).toBe(at);
      }),
      { numRuns: 2_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(upstreamActivity()).toBe(before);
  });

  it('never runs a query with side effects for a cross-site GET, whatever the encoding', async () => {
    const sideEffectQueries = [
      'account.score',
      'negotiation.contracts',
      'negotiation.open',
      'debts.creditors',
      'negotiation.offers',
    ];
    for (const path of sideEffectQueries) expect(hasSideEffects(path), path).toBe(true);
    const before = upstreamActivity();
    const names = fc.oneof(
      fc.tuple(fc.constantFrom('auth.session', 'auth.options'), fc.constantFrom(...sideEffectQueries)),
      fc.tuple(fc.constantFrom(...sideEffectQueries)),
    );
    const input = encodeURIComponent(
      JSON.stringify({
        0: { codcredor: '1001' },
        1: { codcredor: '1001', contrato: '4587120093', propostas: true, dividas: true },
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        names,
        encoding,
        batchQuery,
        fc.constantFrom<Record<string, string>>(
          { 'sec-fetch-site': 'cross-site' },
          { origin: 'https://evil.example' },
        ),
        async (paths, rounds, query, foreign) => {
          const at = upstreamActivity();
          const response = await stack.app.inject({
            method: 'GET',
            url: `${encode(`/trpc/${paths.join(',')}`, rounds)}?${query}&input=${input}`,
            headers: signedIn(foreign),
          });
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(upstreamActivity()).toBe(at);
        },
      ),
      { numRuns: 2_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(upstreamActivity()).toBe(before);
  });

  it('still answers the plain and the once-escaped batches the web app sends', async () => {
    for (const path of [
      'auth.session,auth.options',
      'auth.session%2Cauth.options',
      'auth.session%2cauth.options',
    ]) {
      const response = await stack.app.inject({ url: `/trpc/${path}?batch=1`, headers: signedIn() });
      expect(response.statusCode, path).toBe(200);
      expect(response.json()).toHaveLength(2);
    }
    const own = await stack.app.inject({
      url: '/trpc/account.score',
      headers: signedIn({ 'sec-fetch-site': 'same-origin' }),
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a path escaped beyond its one decoding with the Portuguese refusal', async () => {
    for (const url of [
      '/trpc/auth.signIn%252Cauth.signIn?batch=1',
      '/%74rpc/auth.signIn',
      '/trpc/auth.signIn%2525',
    ]) {
      const response = await stack.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ error: { message: 'Requisição inválida.' } });
    }
  });

  it('answers a URL Fastify cannot decode, or a path past its length, in Portuguese', async () => {
    for (const [url, status, message] of [
      ['/trpc/auth.signIn%E0%A4%A', 400, 'Requisição inválida.'],
      ['/trpc/auth.session%', 400, 'Requisição inválida.'],
      [`/trpc/${'auth.session,'.repeat(500)}auth.session?batch=1`, 414, 'Requisição grande demais.'],
    ] as const) {
      const response = await stack.app.inject({ url, headers: signedIn() });
      expect(response.statusCode, url).toBe(status);
      expect(response.json()).toEqual({ error: { message } });
    }
  });
});
