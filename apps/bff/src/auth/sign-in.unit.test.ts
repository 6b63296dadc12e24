import type { LoginData } from '@portal/contracts/upstream/auth';
import { memoryPorts, refusalOf, signedIn } from '@portal/test-kit/memory-ports';
import { describe, expect, it } from 'vitest';
import { SHARED_MESSAGES } from '../core/messages';
import { UpstreamError } from '../upstream/errors';
import { issueDeviceCookie } from './device-cookie';
import { AUTH_MESSAGES } from './messages';
import {
  currentSession,
  limitByIp,
  lookupDocument,
  noteFailure,
  sessionsOf,
  signInOptions,
  signInWithGoogle,
  signInWithPassword,
  signOut,
  startSession,
  takeAttempt,
  tooMany,
} from './sign-in';

const DOCUMENT = '52998224725';
const LOGIN: LoginData = {
  token: 'upstream-token',
  id: '1001',
  cpfCnpj: '529.982.247-25',
  nome: 'Maria da Silva',
};

/** What a refused call refused with. */
const rejected = (message?: string) => new UpstreamError('rejected', 'upstream refused', message);

describe('tooMany', () => {
  it("is a 'too-many' refusal in the shared words", () => {
    expect(tooMany()).toMatchObject({ kind: 'too-many', message: SHARED_MESSAGES.tooManyAttempts });
  });
});

describe('takeAttempt', () => {
  it("counts an unknown browser's passwords and identity answers against the document, apart", async () => {
    const ports = memoryPorts();
    expect(await takeAttempt(ports, DOCUMENT, 'password')).toEqual({ scope: 'signin-doc', value: DOCUMENT });
    expect(await takeAttempt(ports, DOCUMENT, 'question')).toEqual({
      scope: 'question-doc',
      value: DOCUMENT,
    });
    expect(await ports.limiter.count('signin-doc', DOCUMENT)).toBe(1);
    expect(await ports.limiter.count('question-doc', DOCUMENT)).toBe(1);
    expect(await ports.limiter.count('signin-ip', ports.ip)).toBe(2);
  });

  it("counts a trusted browser's attempts against its own device, not the document", async () => {
    const ports = memoryPorts();
    issueDeviceCookie(ports, DOCUMENT);
    const device = ports.cookies.get('dispositivo')?.split('.')[1];
    expect(await takeAttempt(ports, DOCUMENT, 'password')).toEqual({ scope: 'signin-device', value: device });
    expect(await ports.limiter.count('signin-doc', DOCUMENT)).toBe(0);
  });

  it('refuses a locked counter, and any attempt over the address ceiling', async () => {
    const ports = memoryPorts({ env: { SIGNIN_MAX_ATTEMPTS_PER_IP: '2' } });
    await ports.limiter.lock('signin-doc', DOCUMENT, 60_000);
    expect(await takeAttempt(ports, DOCUMENT, 'password')).toBeNull();
    expect(await takeAttempt(ports, '11144477735', 'password')).not.toBeNull();
    expect(await takeAttempt(ports, '11144477735', 'password')).not.toBeNull();
    expect(await takeAttempt(ports, '11144477735', 'password')).toBeNull();
  });

  it("refuses identity answers beyond the document's daily cap", async () => {
    const ports = memoryPorts({ env: { CHALLENGE_ANSWERS_PER_DOCUMENT_DAY: '1' } });
    expect(await takeAttempt(ports, DOCUMENT, 'question')).not.toBeNull();
    expect(await takeAttempt(ports, DOCUMENT, 'question')).toBeNull();
    expect(await takeAttempt(ports, DOCUMENT, 'password')).not.toBeNull();
  });
});

describe('noteFailure', () => {
  /** Whether the document is locked after each of two failed sign-ins, under the configuration `env`. */
  async function lockedAfterTwoFailures(env: Record<string, string>): Promise<boolean[]> {
    const ports = memoryPorts({ env });
    const counted = { scope: 'signin-doc', value: DOCUMENT } as const;
    const locked: boolean[] = [];
    for (let failure = 0; failure < 2; failure++) {
      await ports.limiter.hit(counted.scope, counted.value, { max: 10, windowMs: 60_000 });
      await noteFailure(ports, counted);
      locked.push(await ports.limiter.isLocked(counted.scope, counted.value));
    }
    return locked;
  }

  it('locks the counter at SIGNIN_MAX_FAILURES', async () => {
    expect(await lockedAfterTwoFailures({ SIGNIN_MAX_FAILURES: '2' })).toEqual([false, true]);
  });

  it('makes the document wait after its second failure when a delay is configured', async () => {
    expect(await lockedAfterTwoFailures({ SIGNIN_DELAY_BASE_MS: '1000' })).toEqual([false, true]);
  });

  it('never locks identity answers: their daily cap is the lock', async () => {
    const ports = memoryPorts({ env: { SIGNIN_MAX_FAILURES: '1' } });
    const counted = { scope: 'question-doc', value: DOCUMENT } as const;
    await ports.limiter.hit(counted.scope, counted.value, { max: 10, windowMs: 60_000 });
    await noteFailure(ports, counted);
    expect(await ports.limiter.isLocked(counted.scope, counted.value)).toBe(false);
  });
});

describe('limitByIp', () => {
  it("lets `max` hits of the address through and refuses the next as 'too-many'", async () => {
    const ports = memoryPorts();
    await limitByIp(ports, 'bucket', 2, 60_000);
    await limitByIp(ports, 'bucket', 2, 60_000);
    const refused = await refusalOf(limitByIp(ports, 'bucket', 2, 60_000));
    expect(refused).toMatchObject({ kind: 'too-many', message: SHARED_MESSAGES.tooManyAttempts });
    await limitByIp({ ...ports, ip: '192.0.2.99' }, 'bucket', 2, 60_000);
  });
});

describe('sessionsOf', () => {
  it("lists a document's sessions under its pseudonyms, newest key first, never the document", () => {
    const ports = memoryPorts({ env: { SESSION_MAX_PER_DOCUMENT: '7' } });
    const index = sessionsOf(ports, DOCUMENT);
    expect(index.person).toBe(ports.keys.sign('sessions-of', DOCUMENT));
    expect(index.formerly).toEqual(ports.keys.candidates('sessions-of', DOCUMENT).slice(1));
    expect(index.max).toBe(7);
    expect(JSON.stringify(index)).not.toContain(DOCUMENT);
  });
});

describe('startSession', () => {
  it('starts a session of the login, ends the question, trusts the browser and gives the attempts back', async () => {
    const ports = memoryPorts();
    await ports.sessions.startChallenge(ports.cookies, { cpfCnpj: DOCUMENT, pergunta: 'Cidade?' });
    await ports.limiter.hit('signin-doc', DOCUMENT, { max: 10, windowMs: 60_000 });
    const view = await startSession(ports, LOGIN, 'senha', { scope: 'signin-doc', value: DOCUMENT });
    expect(view).toMatchObject({ nome: 'Maria da Silva', documento: '529.982.247-25', empresa: false });
    const person = await ports.sessions.load(ports.cookies);
    expect(person?.data).toMatchObject({
      token: 'upstream-token',
      clientId: '1001',
      cpfCnpj: DOCUMENT,
      signedInWith: 'senha',
    });
    expect(await ports.sessions.readChallenge(ports.cookies)).toBeNull();
    expect(ports.cookies.jar.has('dispositivo')).toBe(true);
    expect(await ports.limiter.count('signin-doc', DOCUMENT)).toBe(0);
  });

  it("gives a trusted browser's own attempts back, and leaves the document's", async () => {
    const ports = memoryPorts();
    await ports.limiter.hit('signin-doc', DOCUMENT, { max: 10, windowMs: 60_000 });
    await ports.limiter.hit('signin-device', 'device-1', { max: 10, windowMs: 60_000 });
    await startSession(ports, LOGIN, 'senha', { scope: 'signin-device', value: 'device-1' });
    expect(await ports.limiter.count('signin-device', 'device-1')).toBe(0);
    expect(await ports.limiter.count('signin-doc', DOCUMENT)).toBe(1);
  });
});

describe('signInOptions', () => {
  it('offers Google only when a client id is configured', () => {
    expect(signInOptions(memoryPorts())).toEqual({ googleClientId: null, googleScriptUrl: null });
    expect(signInOptions(memoryPorts({ env: { GOOGLE_CLIENT_ID: 'id.apps' } }))).toEqual({
      googleClientId: 'id.apps',
      googleScriptUrl: 'https://accounts.google.com/gsi/client',
    });
  });
});

describe('currentSession', () => {
  it('is null when signed out, without asking the upstream', async () => {
    expect(await currentSession(memoryPorts(), null)).toBeNull();
  });

  it("re-validates the token upstream and shows the upstream's name", async () => {
    const tokens: unknown[] = [];
    const ports = memoryPorts({
      upstream: {
        login: async (body: unknown) => {
          tokens.push(body);
          return { ...LOGIN, nome: 'Maria Souza' };
        },
      } as never,
    });
    const person = await signedIn(ports, { token: 'the-token' });
    expect(await currentSession(ports, person)).toMatchObject({ nome: 'Maria Souza' });
    expect(tokens).toEqual([{ token: 'the-token' }]);
  });

  it('ends the session when its token expired', async () => {
    const ports = memoryPorts({
      upstream: { login: async () => Promise.reject(new UpstreamError('token-expired', 'expired')) } as never,
    });
    const person = await signedIn(ports);
    expect(await currentSession(ports, person)).toBeNull();
    expect(await ports.sessions.load(ports.cookies)).toBeNull();
    expect(ports.cookies.jar.has('sid')).toBe(false);
  });

  it('keeps the session through an upstream hiccup, and logs its kind', async () => {
    const ports = memoryPorts({
      upstream: { login: async () => Promise.reject(new UpstreamError('timeout', 'slow')) } as never,
    });
    const person = await signedIn(ports);
    expect(await currentSession(ports, person)).toMatchObject({ nome: 'Maria da Silva' });
    expect(await ports.sessions.load(ports.cookies)).not.toBeNull();
    expect(ports.log.lines).toEqual([
      { level: 'warn', fields: { kind: 'timeout' }, message: 'session re-validation failed' },
    ]);
  });
});

describe('lookupDocument', () => {
  it("answers the upstream's document status, limited per address", async () => {
    const asked: string[] = [];
    const ports = memoryPorts({
      env: { LOOKUP_MAX_PER_IP: '1' },
      upstream: {
        documentStatus: async (doc: string) => {
          asked.push(doc);
          return { cadastrado: true };
        },
      } as never,
    });
    expect(await lookupDocument(ports, DOCUMENT)).toEqual({ cadastrado: true });
    expect((await refusalOf(lookupDocument(ports, DOCUMENT))).kind).toBe('too-many');
    expect(asked).toEqual([DOCUMENT]);
  });
});

describe('signInWithPassword', () => {
  it('signs in with the password upstream and counts it as a password sign-in', async () => {
    const sent: unknown[] = [];
    const ports = memoryPorts({
      upstream: {
        login: async (body: unknown) => {
          sent.push(body);
          return LOGIN;
        },
      } as never,
    });
    const input = { cpfCnpj: '529.982.247-25', senha: 'Acordo@2026' };
    expect((await signInWithPassword(ports, input)).view).toMatchObject({ nome: 'Maria da Silva' });
    expect(sent).toEqual([input]);
    expect((await ports.sessions.load(ports.cookies))?.data.signedInWith).toBe('senha');
  });

  it('refuses a wrong password with the one sign-in message, and locks the document at the limit', async () => {
    let calls = 0;
    const ports = memoryPorts({
      env: { SIGNIN_MAX_FAILURES: '2' },
      upstream: {
        login: async () => {
          calls++;
          return Promise.reject(rejected('Senha errada'));
        },
      } as never,
    });
    const input = { cpfCnpj: DOCUMENT, senha: 'errada' };
    for (let i = 0; i < 2; i++) {
      expect(await refusalOf(signInWithPassword(ports, input))).toMatchObject({
        kind: 'unauthorized',
        message: AUTH_MESSAGES.loginFailed,
      });
    }
    expect(await refusalOf(signInWithPassword(ports, input))).toMatchObject({
      kind: 'unauthorized',
      message: AUTH_MESSAGES.loginFailed,
    });
    expect(calls).toBe(2);
    expect(ports.log.lines.map((line) => line.message)).toEqual(['sign-in refused: attempt limit']);
    expect(await ports.sessions.load(ports.cookies)).toBeNull();
  });

  it('lets an upstream outage through as it is, and counts no failure', async () => {
    const outage = new UpstreamError('unavailable', 'down');
    const ports = memoryPorts({ upstream: { login: async () => Promise.reject(outage) } as never });
    await expect(signInWithPassword(ports, { cpfCnpj: DOCUMENT, senha: 'x' })).rejects.toBe(outage);
    expect(await ports.limiter.isLocked('signin-doc', DOCUMENT)).toBe(false);
  });
});

describe('signInWithGoogle', () => {
  const google = (verified: boolean, login: () => Promise<LoginData>) =>
    memoryPorts({
      verifyGoogle: (async () => (verified ? { sub: 'google-id' } : null)) as never,
      upstream: { loginGoogle: login } as never,
    });

  it('refuses a credential that does not verify, before the upstream sees it', async () => {
    const ports = google(false, () => Promise.reject(new Error('the upstream was asked')));
    expect(await refusalOf(signInWithGoogle(ports, 'jwt'))).toMatchObject({
      kind: 'unauthorized',
      message: AUTH_MESSAGES.googleFailed,
    });
  });

  it('signs in a verified credential the upstream knows, as a Google sign-in', async () => {
    const ports = google(true, async () => LOGIN);
    expect((await signInWithGoogle(ports, 'jwt')).view).toMatchObject({ nome: 'Maria da Silva' });
    expect((await ports.sessions.load(ports.cookies))?.data.signedInWith).toBe('google');
  });

  it("says 'not found' for an unregistered e-mail, and 'unauthorized' with the upstream's words otherwise", async () => {
    const unknown = google(true, () => Promise.reject(rejected(AUTH_MESSAGES.googleNotRegistered)));
    expect(await refusalOf(signInWithGoogle(unknown, 'jwt'))).toMatchObject({
      kind: 'not-found',
      message: AUTH_MESSAGES.googleNotRegistered,
    });
    const other = google(true, () => Promise.reject(rejected('Conta bloqueada')));
    expect(await refusalOf(signInWithGoogle(other, 'jwt'))).toMatchObject({
      kind: 'unauthorized',
      message: 'Conta bloqueada',
    });
    const silent = google(true, () => Promise.reject(rejected()));
    expect(await refusalOf(signInWithGoogle(silent, 'jwt'))).toMatchObject({
      kind: 'unauthorized',
      message: AUTH_MESSAGES.googleFailed,
    });
  });
});

describe('signOut', () => {
  it("ends the browser's session and clears its cookie", async () => {
    const ports = memoryPorts();
    await signedIn(ports);
    expect(await signOut(ports)).toEqual({ ok: true });
    expect(await ports.sessions.load(ports.cookies)).toBeNull();
    expect(ports.cookies.jar.has('sid')).toBe(false);
  });
});
