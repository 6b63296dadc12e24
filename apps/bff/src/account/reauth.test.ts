import type { ClonablePersona } from '@portal/stub/state/personas';
import type { StubUser } from '@portal/stub/state/users';
import { failure, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_MESSAGES } from '../core/messages';
import type { SessionData } from '../core/session';
import { createMemoryStore } from '../store/memory-store';
import { REAUTH_MESSAGES } from './reauth';

const PASSWORD = 'Acordo@2026';
const GOOGLE_CLIENT_ID = 'portal-test.apps.googleusercontent.com';

// `stale`: every sign-in is already older than the window (0 minutes); `fresh`: the default 5 minutes.
const staleStore = createMemoryStore();
let stale: Stack;
let fresh: Stack;
beforeAll(async () => {
  [stale, fresh] = await Promise.all([
    startStack({ env: { REAUTH_WINDOW_MINUTES: '0' }, deps: { store: staleStore } }),
    startStack({ env: { GOOGLE_CLIENT_ID }, stubJwks: true }),
  ]);
});
afterAll(() => Promise.all([stale?.close(), fresh?.close()]));

/** A signed-in client on a fresh copy of a persona: these tests change and delete accounts. */
async function signedIn(stack: Stack, like: ClonablePersona = 'maria') {
  const user = stack.stub.state.clonePersona(like);
  const client = stack.client();
  await client.trpc.auth.signIn.mutate({ cpfCnpj: user.cpfCnpj, senha: PASSWORD });
  return { ...client, user };
}

const calls = (stack: Stack, key: string) => stack.stub.calls.get(key) ?? 0;

const profileOf = ({ profile }: StubUser) => ({
  nome: profile.nome,
  dtNascimento: profile.dtNascimento,
  email: profile.email,
  telefone: profile.telefone,
  whatsapp: profile.whatsapp,
});

type Client = Awaited<ReturnType<typeof signedIn>>;

/** Each sensitive change: how it is sent, the upstream call that makes it, and whether it was made. */
const CHANGES = [
  {
    name: 'an e-mail change',
    upstream: 'PUT /edicao',
    send: ({ trpc, user }: Client, senha?: string) =>
      trpc.account.updateProfile.mutate({
        ...profileOf(user),
        email: `nova.${user.id}@example.com`,
        ...(senha === undefined ? {} : { senha }),
      }),
    made: ({ user }: Client, _stack: Stack) => user.profile.email === `nova.${user.id}@example.com`,
  },
  {
    name: 'a phone change',
    upstream: 'PUT /edicao',
    send: ({ trpc, user }: Client, senha?: string) =>
      trpc.account.updateProfile.mutate({
        ...profileOf(user),
        telefone: `(21) 9${user.id.slice(-4)}-${user.id.slice(-4)}`,
        ...(senha === undefined ? {} : { senha }),
      }),
    made: ({ user }: Client, _stack: Stack) =>
      user.profile.telefone === `219${user.id.slice(-4)}${user.id.slice(-4)}`,
  },
  {
    name: 'the account deletion',
    upstream: 'DELETE /excluir/cadastro',
    send: ({ trpc }: Client, senha?: string) =>
      trpc.account.deleteAccount.mutate(senha === undefined ? {} : { senha }),
    made: (client: Client, stack: Stack) => !stack.stub.state.findUser(client.user.cpfCnpj),
  },
] as const;

describe.each(CHANGES)('$name', (change) => {
  it('is refused without the password once the sign-in is older than the window, and nothing goes upstream', async () => {
    const client = await signedIn(stale);
    const [before, logins] = [calls(stale, change.upstream), calls(stale, 'POST /login')];
    const error = await failure(change.send(client));
    expect(error.data?.code).toBe('PRECONDITION_FAILED');
    expect(error.message).toBe(REAUTH_MESSAGES.needed);
    expect(calls(stale, change.upstream)).toBe(before);
    expect(calls(stale, 'POST /login')).toBe(logins);
    expect(change.made(client, stale)).toBe(false);
    // The session goes on.
    expect((await client.trpc.auth.session.query())?.nome).toBe(client.user.profile.nome);
  });

  it('is refused with a wrong password, and nothing but the check goes upstream', async () => {
    const client = await signedIn(stale);
    const [before, logins] = [calls(stale, change.upstream), calls(stale, 'POST /login')];
    const error = await failure(change.send(client, 'Errada@2026'));
    expect(error.data?.code).toBe('PRECONDITION_FAILED');
    expect(error.message).toBe(REAUTH_MESSAGES.wrong);
    expect(calls(stale, change.upstream)).toBe(before);
    expect(calls(stale, 'POST /login')).toBe(logins + 1);
    expect(change.made(client, stale)).toBe(false);
    expect((await client.trpc.auth.session.query())?.nome).toBe(client.user.profile.nome);
  });

  it('is made with the right password, and the session keeps its own upstream token', async () => {
    const client = await signedIn(stale);
    const key = `session:${client.jar.get('sid')}`;
    const tokenBefore = (await staleStore.get<SessionData>(key))?.token;
    const before = calls(stale, change.upstream);
    await change.send(client, PASSWORD);
    expect(calls(stale, change.upstream)).toBe(before + 1);
    expect(change.made(client, stale)).toBe(true);
    if (change.upstream === 'PUT /edicao') {
      // The verifying sign-in's token was not kept in place of the session's.
      expect(tokenBefore).toBeDefined();
      expect((await staleStore.get<SessionData>(key))?.token).toBe(tokenBefore);
    }
  });

  it('is made without the password within the window after a sign-in', async () => {
    const client = await signedIn(fresh);
    const [before, logins] = [calls(fresh, change.upstream), calls(fresh, 'POST /login')];
    await change.send(client);
    expect(calls(fresh, change.upstream)).toBe(before + 1);
    expect(calls(fresh, 'POST /login')).toBe(logins);
    expect(change.made(client, fresh)).toBe(true);
  });
});

describe('changes that move no recovery channel', () => {
  it('a name, birth-date or address change needs no password, whenever the sign-in was', async () => {
    const client = await signedIn(stale);
    const logins = calls(stale, 'POST /login');
    await client.trpc.account.updateProfile.mutate({
      ...profileOf(client.user),
      nome: 'Maria Aparecida Souza',
      dtNascimento: '20/05/1981',
      // the same e-mail in capitals and the same phone as typed with its mask are no change
      email: client.user.profile.email.toUpperCase(),
      telefone: `(${client.user.profile.telefone.slice(0, 2)}) ${client.user.profile.telefone.slice(2, 7)}-${client.user.profile.telefone.slice(7)}`,
      endereco: {
        cep: '01310100',
        endereco: 'Av. Paulista',
        numero: '1000',
        complemento: '',
        cidade: 'São Paulo',
        uf: 'SP' as const,
      },
    });
    expect(client.user.profile).toMatchObject({ nome: 'Maria Aparecida Souza', dtNascimento: '20/05/1981' });
    expect(calls(stale, 'POST /login')).toBe(logins);
  });
});

describe('the password check', () => {
  it('is limited per person: after 5 checks in 15 minutes the next is refused without asking the upstream', async () => {
    const client = await signedIn(stale);
    const email = CHANGES[0];
    for (let i = 0; i < 5; i += 1) {
      expect((await failure(email.send(client, `Errada@${i}`))).message).toBe(REAUTH_MESSAGES.wrong);
    }
    const logins = calls(stale, 'POST /login');
    const limited = await failure(email.send(client, PASSWORD));
    expect(limited.data?.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.message).toBe(SHARED_MESSAGES.tooManyAttempts);
    expect(calls(stale, 'POST /login')).toBe(logins);
    expect(email.made(client, stale)).toBe(false);
    // Another session of the same person shares the limit: it is the person's, not the browser's.
    const other = stale.client();
    await other.trpc.auth.signIn.mutate({ cpfCnpj: client.user.cpfCnpj, senha: PASSWORD });
    expect((await failure(other.trpc.account.deleteAccount.mutate({ senha: PASSWORD }))).data?.code).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect(stale.stub.state.findUser(client.user.cpfCnpj)).toBeDefined();
  });

  it('is not needed by a person who signed in with Google a moment ago', async () => {
    const user = fresh.stub.state.clonePersona('ana');
    const minted = await fetch(`${fresh.stubUrl}/__stub/google/credential`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ aud: GOOGLE_CLIENT_ID, email: user.profile.email }),
    });
    const { credential } = (await minted.json()) as { credential: string };
    const { trpc } = fresh.client();
    await trpc.auth.signInWithGoogle.mutate({ credential });
    await trpc.account.updateProfile.mutate({ ...profileOf(user), email: `google.${user.id}@example.com` });
    expect(user.profile.email).toBe(`google.${user.id}@example.com`);
  });

  it('is needed after an identity-question sign-in a moment ago: an answer is weaker proof than the password', async () => {
    const user = fresh.stub.state.clonePersona('maria');
    const { trpc } = fresh.client();
    await trpc.auth.startChallenge.mutate({ cpfCnpj: user.cpfCnpj });
    await trpc.auth.answerChallenge.mutate({ resposta: 'Campinas' });
    const edits = calls(fresh, 'PUT /edicao');
    const refused = await failure(
      trpc.account.updateProfile.mutate({ ...profileOf(user), email: `pergunta.${user.id}@example.com` }),
    );
    expect(refused.message).toBe(REAUTH_MESSAGES.needed);
    expect(calls(fresh, 'PUT /edicao')).toBe(edits);
    await trpc.account.updateProfile.mutate({
      ...profileOf(user),
      email: `pergunta.${user.id}@example.com`,
      senha: PASSWORD,
    });
    expect(user.profile.email).toBe(`pergunta.${user.id}@example.com`);
  });
});
