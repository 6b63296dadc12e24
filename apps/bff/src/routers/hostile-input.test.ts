import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA, type Stack, startStack } from '../testing/harness';

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

  describe('signed in, the negotiation and agreement procedures', () => {
    /** Shapes close to the real inputs, with wrong types, impossible dates, floats and extra keys. */
    const journeyValue = fc.oneof(
      hostileValue,
      fc.record(
        {
          codcredor: fc.oneof(fc.string(), fc.constant('1002'), fc.integer(), fc.string({ minLength: 30 })),
          contrato: fc.oneof(fc.string(), fc.constant('4587120093'), fc.constant('../../etc'), fc.double()),
          vencimento: fc.oneof(
            fc.string(),
            fc.constant('2026-02-30'),
            fc.constant('31/12/2026'),
            fc.integer(),
          ),
          propostas: fc.oneof(fc.boolean(), fc.string()),
          dividas: fc.oneof(fc.boolean(), fc.constant('true')),
          formaPagamento: fc.oneof(fc.constantFrom('boleto', 'cartao', 'pix', 'cheque'), fc.integer()),
          retorno: fc.oneof(fc.string(), fc.constant('https://evil.example/'), fc.constant('/negociacao')),
          selecao: fc.oneof(
            fc.anything(),
            fc.record({ modo: fc.constantFrom('1', '2', 1), idProposta: fc.string() }, { requiredKeys: [] }),
            fc.record({ modo: fc.constant('2'), parcelas: fc.array(fc.string()), vencimento: fc.string() }),
          ),
          chave: fc.oneof(fc.uuid(), fc.string(), fc.integer()),
          email: fc.oneof(fc.emailAddress(), fc.string(), fc.string({ minLength: 300, maxLength: 600 })),
          telefone: fc.oneof(fc.string(), fc.constant('(11) 3333-4444'), fc.double()),
          parcela: fc.oneof(fc.string(), fc.string({ minLength: 61 })),
          canal: fc.oneof(fc.constantFrom('email', 'sms', 'whatsapp'), fc.integer()),
          destino: fc.oneof(fc.string(), fc.emailAddress()),
          __proto__: fc.object(),
        },
        { requiredKeys: [] },
      ),
    );
    let cookie = '';
    const signedIn = () => ({
      cookie,
      host: new URL(stack.url).host,
      origin: stack.url,
      'content-type': 'application/json',
    });
    const agreementsMade = () => stack.stub.state.ledger.agreements.length;

    beforeAll(async () => {
      const client = stack.client();
      await client.trpc.auth.signIn.mutate(PERSONA.maria);
      cookie = client.cookieHeader();
    });

    it('10,000 malformed agreement creations: no 5xx, no agreement upstream', async () => {
      const before = agreementsMade();
      await fc.assert(
        fc.asyncProperty(journeyValue, async (value) => {
          const response = await stack.app.inject({
            method: 'POST',
            url: '/trpc/agreements.create',
            headers: signedIn(),
            payload: JSON.stringify(value) ?? 'null',
          });
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          // refused for what it holds, not for a missing session or a foreign origin
          expect([401, 403]).not.toContain(response.statusCode);
        }),
        { numRuns: 10_000 },
      );
      expect(agreementsMade()).toBe(before);
    });

    it('1,000 malformed inputs to each of the others: no 5xx, no agreement upstream', async () => {
      const before = agreementsMade();
      const queries = [
        'negotiation.contracts',
        'negotiation.offers',
        'negotiation.summary',
        'agreements.concluded',
        'agreements.inProgress',
        'agreements.intent',
        'agreements.pending',
      ];
      for (const path of queries) {
        await fc.assert(
          fc.asyncProperty(journeyValue, async (value) => {
            const input = encodeURIComponent(JSON.stringify(value) ?? 'null');
            const url = `/trpc/${path}?input=${input}`;
            const response = await stack.app.inject({ method: 'GET', url, headers: signedIn() });
            expect(response.statusCode).toBeLessThan(500);
            expect([401, 403]).not.toContain(response.statusCode);
          }),
          { numRuns: 1_000 },
        );
      }
      const mutations = [
        'negotiation.saveSummary',
        'agreements.reissue',
        'agreements.send',
        'agreements.finish',
      ];
      for (const path of mutations) {
        await fc.assert(
          fc.asyncProperty(journeyValue, async (value) => {
            const response = await stack.app.inject({
              method: 'POST',
              url: `/trpc/${path}`,
              headers: signedIn(),
              payload: JSON.stringify(value) ?? 'null',
            });
            expect(response.statusCode).toBeLessThan(500);
            expect([401, 403]).not.toContain(response.statusCode);
          }),
          { numRuns: 1_000 },
        );
      }
      expect(agreementsMade()).toBe(before);
    });
  });

  describe('signed in, the account procedures', () => {
    const accountValue = fc.oneof(
      hostileValue,
      fc.record(
        {
          nome: fc.oneof(fc.string(), fc.string({ minLength: 121, maxLength: 400 }), fc.integer()),
          dtNascimento: fc.oneof(
            fc.string(),
            fc.constant('31/02/1990'),
            fc.constant('01/01/2999'),
            fc.date(),
          ),
          email: fc.oneof(fc.emailAddress(), fc.string(), fc.constant('')),
          telefone: fc.oneof(fc.string(), fc.constant(''), fc.constant('(11) 3333-4444'), fc.double()),
          whatsapp: fc.oneof(fc.boolean(), fc.string()),
          endereco: fc.oneof(
            fc.anything(),
            fc.record(
              { cep: fc.string(), uf: fc.oneof(fc.constantFrom('SP', 'XX', ''), fc.integer()) },
              { requiredKeys: [] },
            ),
          ),
          senha: fc.oneof(fc.string(), fc.integer()),
          novaSenha: fc.oneof(fc.string(), fc.string({ minLength: 201, maxLength: 400 })),
          confirmacao: fc.string(),
          nota: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(Number.NaN)),
          comentario: fc.oneof(fc.string(), fc.string({ minLength: 501, maxLength: 900 }), fc.integer()),
          notificacao: fc.oneof(fc.boolean(), fc.string(), fc.constant(null)),
          __proto__: fc.object(),
        },
        { requiredKeys: [] },
      ),
    );
    let headers: Record<string, string> = {};
    let cpfCnpj = '';

    beforeAll(async () => {
      const copy = stack.stub.state.clonePersona('maria');
      cpfCnpj = copy.cpfCnpj;
      const client = stack.client();
      await client.trpc.auth.signIn.mutate({ cpfCnpj, senha: 'Acordo@2026' });
      const url = new URL(stack.url);
      headers = {
        cookie: client.cookieHeader(),
        host: url.host,
        origin: stack.url,
        'content-type': 'application/json',
      };
    });

    it('500 malformed inputs to each account mutation: no 5xx, the account still there and its password unchanged', async () => {
      for (const path of [
        'account.updateProfile',
        'account.changePassword',
        'account.rate',
        'account.setNotifications',
      ]) {
        await fc.assert(
          fc.asyncProperty(accountValue, async (value) => {
            const response = await stack.app.inject({
              method: 'POST',
              url: `/trpc/${path}`,
              headers,
              payload: JSON.stringify(value) ?? 'null',
            });
            expect(response.statusCode).toBeLessThan(500);
            expect([401, 403]).not.toContain(response.statusCode);
          }),
          { numRuns: 500 },
        );
      }
      expect(stack.stub.state.checkPassword(cpfCnpj, 'Acordo@2026')).toBeDefined();
    });
  });
});
