import type { OutboxMessage } from '@portal/contracts/upstream/registration';
import { randomDocument, randomMobile } from '@portal/stub/data/generated-identity';
import { onEveryStore } from '@portal/test-kit/every-store';
import { createClient, type Stack, startStack } from '@portal/test-kit/harness';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PASSWORD = 'Acordo@2026';
const CLIENT_ID = 'portal-test.apps.googleusercontent.com';
type Client = ReturnType<typeof createClient>;

onEveryStore((storeEnv) => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, ...storeEnv() }, stubJwks: true });
  });
  afterAll(() => stack.close());

  const signedIn = async (cpfCnpj: string, senha = PASSWORD) => {
    const client = stack.client();
    await client.trpc.auth.signIn.mutate({ cpfCnpj, senha });
    return client;
  };
  const isSignedOut = (client: Client) =>
    client.trpc.account.profile.query().then(
      () => false,
      (error: unknown) => (error instanceof TRPCClientError && error.data?.code === 'UNAUTHORIZED') || error,
    );
  const outbox = async (cpfCnpj: string) =>
    (await (await fetch(`${stack.stubUrl}/__stub/outbox?cpfCnpj=${cpfCnpj}`)).json()) as OutboxMessage[];

  describe('every way the password changes ends the other sessions', () => {
    it('a recovery (a temporary password sent) signs every browser of the person out, no one else', async () => {
      const user = stack.stub.state.clonePersona('maria');
      const other = stack.stub.state.clonePersona('ana');
      const [phone, laptop] = [await signedIn(user.cpfCnpj), await signedIn(user.cpfCnpj)];
      const someoneElse = await signedIn(other.cpfCnpj);
      await stack.client().trpc.recovery.send.mutate({ cpfCnpj: user.cpfCnpj });
      expect(await isSignedOut(phone)).toBe(true);
      expect(await isSignedOut(laptop)).toBe(true);
      expect((await someoneElse.trpc.account.profile.query()).nome).toBe(other.profile.nome);
    });

    it('a reset from the link signs out every browser, the one signed in with the temporary password too', async () => {
      const user = stack.stub.state.clonePersona('maria');
      const before = await signedIn(user.cpfCnpj);
      await stack.client().trpc.recovery.send.mutate({ cpfCnpj: user.cpfCnpj });
      const messages = await outbox(user.cpfCnpj);
      const sms = messages.filter((m) => m.canal === 'sms').at(-1);
      const temporary = sms?.texto.match(/é (\S+)\.$/)?.[1] ?? '';
      const mail = messages.filter((m) => m.canal === 'email').at(-1);
      const link = new URL(mail?.texto.match(/(\/nova-senha-pb\?\S+)/)?.[1] ?? '/', 'http://x');
      const withTemporary = await signedIn(user.cpfCnpj, temporary);
      const someoneElse = await signedIn(stack.stub.state.clonePersona('ana').cpfCnpj);

      await stack.client().trpc.recovery.reset.mutate({
        id: link.searchParams.get('id') ?? '',
        codigo: link.searchParams.get('codigo') ?? '',
        novaSenha: 'NovaSenha1',
        confirmacao: 'NovaSenha1',
      });
      expect(await isSignedOut(before)).toBe(true);
      expect(await isSignedOut(withTemporary)).toBe(true);
      expect(await isSignedOut(someoneElse)).toBe(false);
      await signedIn(user.cpfCnpj, 'NovaSenha1');
    });

    it('a change keeps this browser, under a new id, and ends the others', async () => {
      const user = stack.stub.state.clonePersona('maria');
      const here = await signedIn(user.cpfCnpj);
      const phone = await signedIn(user.cpfCnpj);
      const oldId = here.jar.get('sid') ?? '';
      await here.trpc.account.changePassword.mutate({
        senha: PASSWORD,
        novaSenha: 'Nova@senha1',
        confirmacao: 'Nova@senha1',
      });
      expect(here.jar.get('sid')).not.toBe(oldId);
      expect(await isSignedOut(here)).toBe(false);
      expect(await isSignedOut(phone)).toBe(true);
    });
  });

  describe('every sign-in path gives a new session id', () => {
    const mint = async (email: string) => {
      const response = await fetch(`${stack.stubUrl}/__stub/google/credential`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ aud: CLIENT_ID, email }),
      });
      return ((await response.json()) as { credential: string }).credential;
    };
    const paths: [string, (client: Client) => Promise<unknown>][] = [
      [
        'password',
        async ({ trpc }) => trpc.auth.signIn.mutate({ cpfCnpj: '529.982.247-25', senha: PASSWORD }),
      ],
      [
        'identity question',
        async ({ trpc }) => {
          await trpc.auth.startChallenge.mutate({ cpfCnpj: '529.982.247-25' });
          return trpc.auth.answerChallenge.mutate({ resposta: 'Campinas' });
        },
      ],
      [
        'Google',
        async ({ trpc }) =>
          trpc.auth.signInWithGoogle.mutate({ credential: await mint('maria.silva@example.com') }),
      ],
      [
        "registration's automatic sign-in",
        async ({ trpc }) => {
          const cpfCnpj = randomDocument('cpf');
          return trpc.registration.register.mutate({
            cpfCnpj,
            nome: 'Fernanda Oliveira Souza',
            email: `fernanda.${cpfCnpj}@example.com.br`,
            telefone: randomMobile('41'),
            whatsapp: false,
            notificacao: false,
          });
        },
      ],
    ];

    it.each(paths)('%s: the id the browser had before is refused after it', async (_path, signIn) => {
      // a browser already signed in as João, and a browser given an id by someone else (fixation)
      const before = await signedIn('111.444.777-35');
      const planted = stack.client();
      planted.jar.set('sid', 'A'.repeat(43));
      for (const browser of [before, planted]) {
        const oldId = browser.jar.get('sid') ?? '';
        await signIn(browser);
        const newId = browser.jar.get('sid') ?? '';
        expect(newId).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(newId).not.toBe(oldId);
        expect(await isSignedOut(browser)).toBe(false);
        const stale = createClient(stack.url);
        stale.jar.set('sid', oldId);
        expect(await isSignedOut(stale)).toBe(true);
      }
    });
  });
});
