import { onEveryStore } from '@portal/test-kit/every-store';
import { failure, type Stack, startStack } from '@portal/test-kit/harness';
import { generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../auth/messages';

const CLIENT_ID = 'portal-test.apps.googleusercontent.com';
let stack: Stack;
const STACK_OPTIONS = (env: Record<string, string>) => ({
  env: { GOOGLE_CLIENT_ID: CLIENT_ID, ...env },
  stubJwks: true,
});

const mint = async (body: Record<string, unknown>) => {
  const response = await fetch(`${stack.stubUrl}/__stub/google/credential`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ aud: CLIENT_ID, ...body }),
  });
  return ((await response.json()) as { credential: string }).credential;
};

onEveryStore((storeEnv) => {
  beforeAll(async () => {
    stack = await startStack(STACK_OPTIONS(storeEnv()));
  });
  afterAll(() => stack.close());

  describe('identity-question sign-in', () => {
    it("asks Maria's question and signs her in with the right answer, in any case and accents", async () => {
      const { trpc, jar } = stack.client();
      const { pergunta } = await trpc.auth.startChallenge.mutate({ cpfCnpj: '529.982.247-25' });
      expect(pergunta).toBe('Qual o nome da cidade onde você nasceu?');
      expect(jar.has('chal')).toBe(true);
      const view = await trpc.auth.answerChallenge.mutate({ resposta: '  CAMPÍNAS ' });
      expect(view.primeiroNome).toBe('Maria');
      expect(jar.has('sid')).toBe(true);
      expect(jar.has('chal')).toBe(false);
    });

    it('is single use: a question answered right cannot be answered again', async () => {
      const { trpc, jar } = stack.client();
      await trpc.auth.startChallenge.mutate({ cpfCnpj: '529.982.247-25' });
      const chal = jar.get('chal') ?? '';
      await trpc.auth.answerChallenge.mutate({ resposta: 'Campinas' });
      const replay = stack.client();
      replay.jar.set('chal', chal);
      const error = await failure(replay.trpc.auth.answerChallenge.mutate({ resposta: 'Campinas' }));
      expect(error.message).toBe(AUTH_MESSAGES.challengeExpired);
      expect(replay.jar.has('sid')).toBe(false);
    });

    it('allows three answers per question, then asks for a new one', async () => {
      const { trpc } = stack.client();
      await trpc.auth.startChallenge.mutate({ cpfCnpj: '935.411.347-80' });
      for (let i = 0; i < 2; i += 1) {
        const wrong = await failure(trpc.auth.answerChallenge.mutate({ resposta: `errada ${i}` }));
        expect(wrong.message).toBe('Resposta incorreta. Verifique e tente novamente.');
        expect(wrong.data?.code).toBe('BAD_REQUEST');
      }
      const third = await failure(trpc.auth.answerChallenge.mutate({ resposta: 'errada 3' }));
      expect(third.message).toBe(AUTH_MESSAGES.challengeExpired);
      expect(third.data?.code).toBe('PRECONDITION_FAILED');
      const after = await failure(trpc.auth.answerChallenge.mutate({ resposta: 'qualquer' }));
      expect(after.message).toBe(AUTH_MESSAGES.challengeExpired);
    });

    it('is bound to the browser that asked: another browser has no question to answer', async () => {
      await stack.client().trpc.auth.startChallenge.mutate({ cpfCnpj: '390.533.447-05' });
      const other = await failure(stack.client().trpc.auth.answerChallenge.mutate({ resposta: 'x' }));
      expect(other.message).toBe(AUTH_MESSAGES.challengeExpired);
    });

    it("shows the upstream's message for an unregistered document", async () => {
      const error = await failure(
        stack.client().trpc.auth.startChallenge.mutate({ cpfCnpj: '714.602.380-01' }),
      );
      expect(error.message).toBe('CPF/CNPJ não cadastrado.');
    });
  });

  describe('Google sign-in', () => {
    it('signs Maria in with a credential for her e-mail', async () => {
      const { trpc, jar } = stack.client();
      const view = await trpc.auth.signInWithGoogle.mutate({
        credential: await mint({ email: 'maria.silva@example.com' }),
      });
      expect(view.primeiroNome).toBe('Maria');
      expect(jar.has('sid')).toBe(true);
    });

    it("answers 'E-mail não cadastrado.' (NOT_FOUND) for a Google account with no registration", async () => {
      const error = await failure(
        stack
          .client()
          .trpc.auth.signInWithGoogle.mutate({ credential: await mint({ email: 'ninguem@example.com' }) }),
      );
      expect(error.data?.code).toBe('NOT_FOUND');
      expect(error.message).toBe('E-mail não cadastrado.');
    });

    it.each([
      ['a wrong audience', { aud: 'someone-else' }],
      ['a wrong issuer', { iss: 'https://evil.example' }],
      ['an expired credential', { expiresIn: -60 }],
      ['a key the JWKS does not publish', { unknownKey: true }],
    ])('refuses %s without asking the upstream', async (_, overrides) => {
      const before = stack.stub.calls.get('POST /login-google') ?? 0;
      const credential = await mint({ email: 'maria.silva@example.com', ...overrides });
      const error = await failure(stack.client().trpc.auth.signInWithGoogle.mutate({ credential }));
      expect(error.message).toBe(AUTH_MESSAGES.googleFailed);
      expect(stack.stub.calls.get('POST /login-google') ?? 0).toBe(before);
    });

    it('refuses a tampered signature, alg none and a key id the published keys do not have', async () => {
      const good = await mint({ email: 'maria.silva@example.com' });
      const [header = '', payload = '', signature = ''] = good.split('.');
      // The same claims, well signed, by a key the issuer never published.
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as JWTPayload;
      const { privateKey } = await generateKeyPair('RS256');
      const unknownKid = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'unknown-key', typ: 'JWT' })
        .sign(privateKey);
      const forged = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      forged.email = 'joao@example.com';
      const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      for (const credential of [tampered, none, unknownKid, 'not-a-jwt']) {
        const error = await failure(stack.client().trpc.auth.signInWithGoogle.mutate({ credential }));
        expect(error.message).toBe(AUTH_MESSAGES.googleFailed);
      }
    });
  });

  describe('options', () => {
    it('offers Google only when a client id is configured', async () => {
      expect(await stack.client().trpc.auth.options.query()).toMatchObject({ googleClientId: CLIENT_ID });
      const plain = await startStack();
      try {
        expect(await plain.client().trpc.auth.options.query()).toEqual({
          googleClientId: null,
          googleScriptUrl: null,
        });
      } finally {
        await plain.close();
      }
    });
  });
});
