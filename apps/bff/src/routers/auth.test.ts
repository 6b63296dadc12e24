import { createClient, failure, PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../auth/messages';
import { createMemoryStore } from '../store/memory-store';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('sign-in', () => {
  it('signs Maria in and shows her session without any token', async () => {
    const { trpc, jar } = stack.client();
    const { primeiraTela, ...view } = await trpc.auth.signIn.mutate(PERSONA.maria);
    expect(view).toEqual({
      nome: 'Maria Aparecida da Silva',
      primeiroNome: 'Maria',
      nomeCurto: 'Maria Aparecida',
      documento: '529.982.247-25',
      tipoDocumento: 'CPF',
      empresa: false,
    });
    // the session's id, and this browser's device cookie for the sign-in locks: neither names her
    expect([...jar.keys()].sort()).toEqual(['dispositivo', 'sid']);
    expect(jar.get('dispositivo')).not.toMatch(/52998224725|529\.982/);
    expect(await trpc.auth.session.query()).toEqual(view);
    // Minha conta's first screen came with the answer: one debt lookup reached the upstream, and a
    // page asking again now would look them up anew
    expect(primeiraTela?.credores.map((c) => c.nome)).toContain('Onda Telecom');
    expect(primeiraTela?.score).toMatchObject({ score: expect.any(Number) });
    const lookups = await fetch(
      `${stack.stubUrl}/__stub/proxy/requests?cpfCnpj=52998224725&metodo=consultaDebito`,
    ).then((r) => r.json() as Promise<unknown[]>);
    expect(lookups).toHaveLength(1);
  });

  it('sets an opaque HttpOnly SameSite=Lax cookie', async () => {
    const response = await fetch(`${stack.url}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.url },
      body: JSON.stringify(PERSONA.joao),
    });
    expect(response.status).toBe(200);
    const [cookie = ''] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    const device = response.headers.getSetCookie()[1] ?? '';
    expect(device).toMatch(/^dispositivo=[\w-]{8}\.[\w-]{22}\.[\w-]{43};/);
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/SameSite=Strict/);
    const body = await response.text();
    expect(body).not.toMatch(/token/i);
    expect(body).not.toContain('100002');
  });

  it('signs a company in with its alphanumeric CNPJ typed in lower case', async () => {
    const { trpc } = stack.client();
    const view = await trpc.auth.signIn.mutate({ ...PERSONA.novaEra, cpfCnpj: '12.abc.345/01de-35' });
    expect(view).toMatchObject({ documento: '12.ABC.345/01DE-35', tipoDocumento: 'CNPJ', empresa: true });
  });

  it('refuses a wrong password with the catalogue message', async () => {
    const { trpc, jar } = stack.client();
    const error = await failure(trpc.auth.signIn.mutate({ cpfCnpj: PERSONA.joao.cpfCnpj, senha: 'errada' }));
    expect(error.message).toBe(AUTH_MESSAGES.loginFailed);
    expect(error.data?.code).toBe('UNAUTHORIZED');
    expect(jar.size).toBe(0);
  });

  it('answers an unregistered document exactly like a wrong password', async () => {
    const { trpc } = stack.client();
    const error = await failure(trpc.auth.signIn.mutate(PERSONA.naoCadastrado));
    expect(error.message).toBe(AUTH_MESSAGES.loginFailed);
    expect(error.data?.httpStatus).toBe(401);
  });

  it('refuses an invalid document with its Portuguese message before asking the upstream', async () => {
    const { trpc } = stack.client();
    const error = await failure(trpc.auth.signIn.mutate({ cpfCnpj: '529.982.247-24', senha: 'x' }));
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('CPF/CNPJ inválido');
  });

  it('gives a new session id at every sign-in and rejects the old one', async () => {
    const { trpc, jar } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const first = jar.get('sid');
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const second = jar.get('sid');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    const stale = createClient(stack.url);
    stale.jar.set('sid', first ?? '');
    expect(await stale.trpc.auth.session.query()).toBeNull();
  });

  it('ends the session at sign-out so the old id no longer works', async () => {
    const { trpc, jar } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.maria);
    const id = jar.get('sid') ?? '';
    await trpc.auth.signOut.mutate();
    expect(jar.has('sid')).toBe(false);

    const replay = createClient(stack.url);
    replay.jar.set('sid', id);
    expect(await replay.trpc.auth.session.query()).toBeNull();
  });

  it('answers null to a browser without a session', async () => {
    expect(await stack.client().trpc.auth.session.query()).toBeNull();
  });

  it('ends the session when the upstream says the token expired', async () => {
    const { trpc } = stack.client();
    await trpc.auth.signIn.mutate(PERSONA.joao);
    await fetch(`${stack.stubUrl}/__stub/tokens/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cpfCnpj: PERSONA.joao.cpfCnpj }),
    });
    expect(await trpc.auth.session.query()).toBeNull();
  });
});

describe('sign-in limits', () => {
  it('locks a document after 5 failures, even for the right password, with the same message', async () => {
    const local = await startStack();
    try {
      const { trpc } = local.client();
      for (let i = 0; i < 5; i += 1) {
        await failure(trpc.auth.signIn.mutate({ cpfCnpj: PERSONA.maria.cpfCnpj, senha: `errada${i}` }));
      }
      const locked = await failure(trpc.auth.signIn.mutate(PERSONA.maria));
      expect(locked.message).toBe(AUTH_MESSAGES.loginFailed);
      expect(locked.data?.httpStatus).toBe(401);
      // other documents are not affected
      await expect(trpc.auth.signIn.mutate(PERSONA.joao)).resolves.toMatchObject({ primeiroNome: 'João' });
    } finally {
      await local.close();
    }
  });

  it('locks a document for the lock period from the failure that locked it, not from the first', async () => {
    let clock = Date.now();
    const store = createMemoryStore({ now: () => clock });
    const local = await startStack({ deps: { store } });
    const minutes = (n: number) => n * 60_000;
    try {
      const { trpc } = local.client();
      const wrong = () =>
        failure(trpc.auth.signIn.mutate({ cpfCnpj: PERSONA.maria.cpfCnpj, senha: 'errada' }));
      await wrong();
      clock += minutes(10);
      for (let i = 0; i < 4; i += 1) await wrong();
      clock += minutes(6); // 16 minutes after the first failure, 6 after the one that locked
      const stillLocked = await failure(trpc.auth.signIn.mutate(PERSONA.maria));
      expect(stillLocked.message).toBe(AUTH_MESSAGES.loginFailed);
      clock += minutes(10); // 16 minutes after the locking failure
      await expect(trpc.auth.signIn.mutate(PERSONA.maria)).resolves.toMatchObject({ primeiroNome: 'Maria' });
    } finally {
      await local.close();
    }
  });

  it('holds an address to its ceiling of attempts across documents, with the same message', async () => {
    const local = await startStack({ env: { SIGNIN_MAX_ATTEMPTS_PER_IP: '3' } });
    try {
      const { trpc } = local.client();
      for (const cpfCnpj of ['111.444.777-35', '935.411.347-80', '390.533.447-05']) {
        await failure(trpc.auth.signIn.mutate({ cpfCnpj, senha: 'errada' }));
      }
      const logins = local.stub.calls.get('POST /login');
      const refused = await failure(trpc.auth.signIn.mutate(PERSONA.maria));
      expect(refused.message).toBe(AUTH_MESSAGES.loginFailed);
      expect(refused.data?.httpStatus).toBe(401);
      expect(local.stub.calls.get('POST /login')).toBe(logins);
    } finally {
      await local.close();
    }
  });

  it('counts concurrent guesses atomically: of 20 at once, at most 5 reach the upstream', async () => {
    const local = await startStack();
    try {
      const { trpc } = local.client();
      const guesses = Array.from({ length: 20 }, (_, i) =>
        failure(trpc.auth.signIn.mutate({ cpfCnpj: PERSONA.maria.cpfCnpj, senha: `chute${i}` })),
      );
      await Promise.all(guesses);
      expect(local.stub.calls.get('POST /login')).toBeLessThanOrEqual(5);
      await failure(trpc.auth.signIn.mutate(PERSONA.maria));
    } finally {
      await local.close();
    }
  });

  it('gives a document its attempts back after a successful sign-in', async () => {
    const local = await startStack();
    try {
      const { trpc } = local.client();
      for (let i = 0; i < 4; i += 1) {
        await failure(trpc.auth.signIn.mutate({ cpfCnpj: PERSONA.maria.cpfCnpj, senha: 'errada' }));
      }
      await trpc.auth.signIn.mutate(PERSONA.maria);
      for (let i = 0; i < 4; i += 1) {
        await failure(trpc.auth.signIn.mutate({ cpfCnpj: PERSONA.maria.cpfCnpj, senha: 'errada' }));
      }
      await expect(trpc.auth.signIn.mutate(PERSONA.maria)).resolves.toMatchObject({ primeiroNome: 'Maria' });
    } finally {
      await local.close();
    }
  });
});
