import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../testing/harness';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const postJson = (url: string, payload: string) =>
  stack.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

const upstreamCalls = () => [...stack.stub.calls.values()].reduce((a, b) => a + b, 0);

/** Malformed shapes: wrong types, missing and extra fields, huge strings, __proto__, NaN, bad documents. */
const hostileValue = fc.oneof(
  fc.anything({ withObjectString: true, withNullPrototype: true, withBigInt: false }),
  fc.record(
    {
      cpfCnpj: fc.oneof(
        fc.string(),
        fc.integer(),
        fc.double(),
        fc.constant('529.982.247-24'),
        fc.string({ minLength: 40, maxLength: 5000 }),
      ),
      senha: fc.oneof(fc.string({ maxLength: 300 }), fc.constant(''), fc.integer(), fc.constant(null)),
      __proto__: fc.object(),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  ),
);
const hostileBody = fc.oneof(
  hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
  fc.string(),
  fc.constant('{"cpfCnpj": NaN}'),
  fc.constant('{"__proto__": {"admin": true}}'),
);

describe('hostile input', () => {
  it('10,000 malformed sign-ins: no 5xx and no upstream call', async () => {
    const before = upstreamCalls();
    await fc.assert(
      fc.asyncProperty(hostileBody, async (payload) => {
        const response = await postJson('/trpc/auth.signIn', payload);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 10_000 },
    );
    expect(upstreamCalls()).toBe(before);
  });

  it('1,000 malformed inputs to every other procedure: no 5xx', async () => {
    for (const path of ['auth.session', 'debts.creditors']) {
      await fc.assert(
        fc.asyncProperty(hostileValue, async (value) => {
          const input = encodeURIComponent(JSON.stringify(value) ?? 'null');
          const response = await stack.app.inject({ method: 'GET', url: `/trpc/${path}?input=${input}` });
          expect(response.statusCode).toBeLessThan(500);
        }),
        { numRuns: 1_000 },
      );
    }
    await fc.assert(
      fc.asyncProperty(hostileBody, async (payload) => {
        const response = await postJson('/trpc/auth.signOut', payload);
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 1_000 },
    );
  });
});
