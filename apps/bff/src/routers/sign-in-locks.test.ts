import { type createClient, failure, PERSONA, type Stack, startStack } from '@portal/test-kit/harness';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../auth/messages';
import { SHARED_MESSAGES } from '../core/messages';
import { createMemoryStore } from '../store/memory-store';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

/** A stack whose per-IP limits read X-Forwarded-For, so each stranger comes from an address of its own. */
async function start(env: Record<string, string> = {}, clock?: () => number) {
  stack = await startStack({
    env: { TRUST_PROXY: 'true', ...env },
    ...(clock ? { deps: { store: createMemoryStore({ now: clock }) } } : {}),
  });
  return stack;
}
const from = (local: Stack, ip: string) => local.client({ 'x-forwarded-for': ip });
const stranger = (local: Stack, n: number) => from(local, `203.0.113.${n}`);
const logins = (local: Stack) => local.stub.calls.get('POST /login') ?? 0;
const answers = (local: Stack) => local.stub.calls.get('POST /login/verificar') ?? 0;
const wrong = (client: ReturnType<typeof createClient>, senha = 'Errada@2026') =>
  failure(client.trpc.auth.signIn.mutate({ cpfCnpj: PERSONA.maria.cpfCnpj, senha }));

describe('the sign-in lock and the device cookie', () => {
  it('locks a document to unknown browsers after 5 failures from 5 addresses, with the sign-in message', async () => {
    const local = await start();
    for (let n = 1; n <= 5; n += 1) await wrong(stranger(local, n));
    const before = logins(local);
    const locked = await failure(stranger(local, 6).trpc.auth.signIn.mutate(PERSONA.maria));
    expect(locked.message).toBe(AUTH_MESSAGES.loginFailed);
    expect(locked.data?.httpStatus).toBe(401);
    expect(logins(local)).toBe(before);
  });

  it("does not stop the owner's browser: it signed her in before and holds her device cookie", async () => {
    const local = await start();
    const owner = from(local, '198.51.100.7');
    await owner.trpc.auth.signIn.mutate(PERSONA.maria);
    await owner.trpc.auth.signOut.mutate();
    expect(owner.jar.has('dispositivo')).toBe(true);
    for (let n = 1; n <= 10; n += 1) await wrong(stranger(local, n));
    await failure(stranger(local, 11).trpc.auth.signIn.mutate(PERSONA.maria));
    await expect(owner.trpc.auth.signIn.mutate(PERSONA.maria)).resolves.toMatchObject({
      primeiroNome: 'Maria',
    });
    // and the strangers are still locked out
    await failure(stranger(local, 12).trpc.auth.signIn.mutate(PERSONA.maria));
  });

  it("counts a trusted browser's own failures for it alone", async () => {
    const local = await start();
    const owner = from(local, '198.51.100.7');
    await owner.trpc.auth.signIn.mutate(PERSONA.maria);
    await owner.trpc.auth.signOut.mutate();
    for (let i = 0; i < 5; i += 1) await wrong(owner);
    const before = logins(local);
    await failure(owner.trpc.auth.signIn.mutate(PERSONA.maria));
    expect(logins(local)).toBe(before);
    await expect(stranger(local, 1).trpc.auth.signIn.mutate(PERSONA.maria)).resolves.toMatchObject({
      primeiroNome: 'Maria',
    });
  });

  it('trusts no device cookie signed for another document, altered, or under another key', async () => {
    const local = await start();
    const owner = from(local, '198.51.100.7');
    await owner.trpc.auth.signIn.mutate(PERSONA.joao);
    const joaos = owner.jar.get('dispositivo') ?? '';
    const [kid = '', device = '', mac = ''] = joaos.split('.');
    const other = await startStack({ env: { KEY_SECRET: 'another-secret-of-16+' } });
    const otherKey = other.client();
    await otherKey.trpc.auth.signIn.mutate(PERSONA.maria);
    await other.close();
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;
    for (let n = 1; n <= 5; n += 1) await wrong(stranger(local, n));
    for (const cookie of [
      joaos,
      `${kid}.${device}.${flip(mac)}`,
      `${kid}.${flip(device)}.${mac}`,
      otherKey.jar.get('dispositivo') ?? '',
    ]) {
      const browser = stranger(local, 99);
      browser.jar.set('dispositivo', cookie);
      const before = logins(local);
      expect((await failure(browser.trpc.auth.signIn.mutate(PERSONA.maria))).message).toBe(
        AUTH_MESSAGES.loginFailed,
      );
      expect(logins(local)).toBe(before);
    }
  });

  it('makes an unknown browser wait after each failure but the first, twice as long each time', async () => {
    let now = Date.now();
    const local = await start({ SIGNIN_DELAY_BASE_MS: '1000' }, () => now);
    const browser = stranger(local, 1);
    const reaches = async () => {
      const before = logins(local);
      await wrong(browser);
      return logins(local) > before;
    };
    expect(await reaches()).toBe(true); // first failure: no wait
    expect(await reaches()).toBe(true); // second failure: wait 1 s
    expect(await reaches()).toBe(false);
    now += 1_000;
    expect(await reaches()).toBe(true); // third: wait 2 s
    now += 1_500;
    expect(await reaches()).toBe(false);
    now += 500;
    expect(await reaches()).toBe(true); // fourth: wait 4 s
    now += 4_000;
    expect(await reaches()).toBe(true); // fifth: locked 15 minutes
    now += 14 * 60_000;
    expect(await reaches()).toBe(false);
    now += 60_000;
    await expect(browser.trpc.auth.signIn.mutate(PERSONA.maria)).resolves.toMatchObject({
      primeiroNome: 'Maria',
    });
  });
});

describe('identity-question answers', () => {
  const ask = (client: ReturnType<typeof createClient>) =>
    client.trpc.auth.startChallenge.mutate({ cpfCnpj: PERSONA.maria.cpfCnpj });

  it('have a daily cap per document, across questions and addresses, so a birth year takes weeks', async () => {
    let now = Date.now();
    const local = await start({ CHALLENGE_MAX_PER_DOCUMENT: '100' }, () => now);
    for (let n = 1; n <= 3; n += 1) {
      const browser = stranger(local, n);
      await ask(browser);
      await failure(browser.trpc.auth.answerChallenge.mutate({ resposta: `${1900 + n}` }));
    }
    const browser = stranger(local, 4);
    await ask(browser);
    const before = answers(local);
    const capped = await failure(browser.trpc.auth.answerChallenge.mutate({ resposta: 'Campinas' }));
    expect(capped.message).toBe(SHARED_MESSAGES.tooManyAttempts);
    expect(answers(local)).toBe(before);
    now += 24 * 60 * 60_000;
    const tomorrow = stranger(local, 5);
    await ask(tomorrow);
    await expect(tomorrow.trpc.auth.answerChallenge.mutate({ resposta: 'Campinas' })).resolves.toMatchObject({
      primeiroNome: 'Maria',
    });
  });

  it('do not lock the password, and a password lock does not silently refuse answers', async () => {
    const local = await start();
    for (let n = 1; n <= 3; n += 1) {
      const browser = stranger(local, n);
      await ask(browser);
      await failure(browser.trpc.auth.answerChallenge.mutate({ resposta: 'errada' }));
    }
    await expect(stranger(local, 9).trpc.auth.signIn.mutate(PERSONA.maria)).resolves.toMatchObject({
      primeiroNome: 'Maria',
    });

    const other = await start();
    for (let n = 1; n <= 5; n += 1) await wrong(stranger(other, n));
    const browser = stranger(other, 6);
    await ask(browser);
    await expect(browser.trpc.auth.answerChallenge.mutate({ resposta: 'Campinas' })).resolves.toMatchObject({
      primeiroNome: 'Maria',
    });
    await local.close();
  });

  it("let the owner's browser answer although strangers spent the day's answers", async () => {
    const local = await start();
    const owner = from(local, '198.51.100.7');
    await owner.trpc.auth.signIn.mutate(PERSONA.maria);
    await owner.trpc.auth.signOut.mutate();
    for (let n = 1; n <= 3; n += 1) {
      const browser = stranger(local, n);
      await ask(browser);
      await failure(browser.trpc.auth.answerChallenge.mutate({ resposta: 'errada' }));
    }
    await ask(owner);
    await expect(owner.trpc.auth.answerChallenge.mutate({ resposta: 'Campinas' })).resolves.toMatchObject({
      primeiroNome: 'Maria',
    });
  });
});
