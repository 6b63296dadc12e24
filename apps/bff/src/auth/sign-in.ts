import type { LoginData } from '@portal/contracts/upstream/auth';
import { normalizeDocument } from '@portal/validation/document';
import { recordActivity, signInActivity } from '../activity/activity';
import { SHARED_MESSAGES } from '../core/messages';
import { Refusal } from '../core/refusal';
import type { Person, SignInWay } from '../core/session';
import type { Ports } from '../ports/ports';
import type { PersonIndex } from '../session/session-manager';
import { type SessionView, toSessionView } from '../session/session-view';
import { UpstreamError } from '../upstream/errors';
import { issueDeviceCookie, trustedDevice } from './device-cookie';
import { AUTH_MESSAGES } from './messages';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Same message for an unknown document, a wrong password and a lock: nothing to enumerate. */
const refused = () => new Refusal('unauthorized', AUTH_MESSAGES.loginFailed);
export const tooMany = () => new Refusal('too-many', SHARED_MESSAGES.tooManyAttempts);

/** Whose counter an attempt was taken from: this trusted browser's, or the document's for its path. */
interface Counted {
  scope: 'signin-device' | 'signin-doc' | 'question-doc';
  value: string;
}

/**
 * Takes one credential attempt, from the address's ceiling first, then from one counter: a browser that
 * signed the person in before (its device cookie) counts its own; any other browser counts against the
 * document, passwords and identity answers apart, so that neither path's lock stops the other. Null when
 * refused: over a limit, locked, or inside the delay after a failure.
 */
export async function takeAttempt(
  ports: Pick<Ports, 'config' | 'limiter' | 'keys' | 'cookies' | 'ip'>,
  cpfCnpj: string,
  path: 'password' | 'question',
): Promise<Counted | null> {
  const { config, limiter } = ports;
  const windowMs = config.SIGNIN_LOCK_MINUTES * MINUTE;
  const device = trustedDevice(ports, cpfCnpj);
  const counted: Counted = device
    ? { scope: 'signin-device', value: device }
    : { scope: path === 'password' ? 'signin-doc' : 'question-doc', value: cpfCnpj };
  if (await limiter.isLocked(counted.scope, counted.value)) return null;
  const limit =
    counted.scope === 'question-doc'
      ? { max: config.CHALLENGE_ANSWERS_PER_DOCUMENT_DAY, windowMs: DAY }
      : { max: config.SIGNIN_MAX_FAILURES, windowMs };
  const allowed = await limiter.hitAll([
    ['signin-ip', ports.ip, { max: config.SIGNIN_MAX_ATTEMPTS_PER_IP, windowMs }],
    [counted.scope, counted.value, limit],
  ]);
  return allowed ? counted : null;
}

/**
 * A refused credential. The failure that reaches the limit locks its counter (the document for unknown
 * browsers, or the one device) for SIGNIN_LOCK_MINUTES from now; before that, each failure of an unknown
 * browser after the first makes the document wait SIGNIN_DELAY_BASE_MS, doubled per failure. Identity
 * answers have no lock of their own: their daily cap is it.
 */
export async function noteFailure(ports: Pick<Ports, 'config' | 'limiter'>, counted: Counted): Promise<void> {
  const { config, limiter } = ports;
  if (counted.scope === 'question-doc') return;
  const lockMs = config.SIGNIN_LOCK_MINUTES * MINUTE;
  const failures = await limiter.count(counted.scope, counted.value);
  if (failures >= config.SIGNIN_MAX_FAILURES) await limiter.lock(counted.scope, counted.value, lockMs);
  else if (counted.scope === 'signin-doc' && failures >= 2 && config.SIGNIN_DELAY_BASE_MS > 0)
    await limiter.lock(
      counted.scope,
      counted.value,
      Math.min(lockMs, config.SIGNIN_DELAY_BASE_MS * 2 ** (failures - 2)),
    );
}

/** Takes one hit of a per-IP limit over `windowMs`; refuses with 'too many attempts' beyond it. */
export async function limitByIp(
  ports: Pick<Ports, 'limiter' | 'ip'>,
  bucket: string,
  max: number,
  windowMs: number,
): Promise<void> {
  if (!(await ports.limiter.hit(bucket, ports.ip, { max, windowMs }))) throw tooMany();
}

/**
 * Where a document's sessions are listed: under a keyed pseudonym of it, never the document; the newest
 * key's, and the older keys' where sessions begun before a rotation are still listed.
 */
export const sessionsOf = (ports: Pick<Ports, 'keys' | 'config'>, cpfCnpj: string): PersonIndex => {
  const [person = '', ...formerly] = ports.keys.candidates('sessions-of', cpfCnpj);
  return { person, formerly, max: ports.config.SESSION_MAX_PER_DOCUMENT };
};

/** A session just started: what the browser is told, and the person the rest of the request acts for. */
export interface SignedIn {
  view: SessionView;
  person: Person;
}

/**
 * Every sign-in path ends here: a new session id, and this browser trusted for the person from now on
 * (device cookie). The attempts that counted are given back: the device's own, or the document's
 * password attempts (an identity answer's daily cap is not).
 */
export async function openSession(
  ports: Pick<Ports, 'config' | 'limiter' | 'keys' | 'sessions' | 'cookies' | 'db' | 'log' | 'userAgent'>,
  login: LoginData,
  signedInWith: SignInWay,
  counted?: Counted,
): Promise<SignedIn> {
  const cpfCnpj = normalizeDocument(login.cpfCnpj);
  const given = counted?.scope === 'signin-device' ? counted : { scope: 'signin-doc', value: cpfCnpj };
  await ports.limiter.clear(given.scope, given.value);
  await ports.sessions.endChallenge(ports.cookies);
  const person = await ports.sessions.start(
    ports.cookies,
    { token: login.token, clientId: login.id, cpfCnpj, nome: login.nome, signedInWith },
    sessionsOf(ports, cpfCnpj),
  );
  issueDeviceCookie(ports, cpfCnpj);
  await recordActivity(ports, person, signInActivity(signedInWith, ports.userAgent));
  return { view: toSessionView(person.data), person };
}

/** `openSession`, for a path that only tells the browser who signed in (the registration's). */
export const startSession = async (...args: Parameters<typeof openSession>): Promise<SessionView> =>
  (await openSession(...args)).view;

/** What the sign-in page may offer: Google only when a client id is configured. */
export function signInOptions(ports: Pick<Ports, 'config'>) {
  const { GOOGLE_CLIENT_ID, GOOGLE_SCRIPT_URL } = ports.config;
  return {
    googleClientId: GOOGLE_CLIENT_ID ?? null,
    googleScriptUrl: GOOGLE_CLIENT_ID ? GOOGLE_SCRIPT_URL : null,
  };
}

/** The current session, re-validated upstream with its token; null when signed out. */
export async function currentSession(
  ports: Pick<Ports, 'upstream' | 'sessions' | 'cookies' | 'log'>,
  person: Person | null,
): Promise<SessionView | null> {
  if (!person) return null;
  try {
    const fresh = await ports.upstream.login({ token: person.data.token });
    return toSessionView({ ...person.data, nome: fresh.nome });
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'token-expired') {
      await ports.sessions.end(ports.cookies);
      return null;
    }
    // An upstream hiccup does not sign anyone out.
    ports.log.warn(
      { kind: error instanceof UpstreamError ? error.kind : 'unknown' },
      'session re-validation failed',
    );
    return toSessionView(person.data);
  }
}

const LOOKUP_WINDOW_MS = 10 * MINUTE;

/** Home banner: is this document registered? (decides between /login and /cadastro); limited per IP. */
export async function lookupDocument(
  ports: Pick<Ports, 'config' | 'limiter' | 'ip' | 'upstream'>,
  cpfCnpj: string,
) {
  await limitByIp(ports, 'lookup-ip', ports.config.LOOKUP_MAX_PER_IP, LOOKUP_WINDOW_MS);
  return ports.upstream.documentStatus(cpfCnpj);
}

/** Password sign-in, counted against the document and the IP. */
export async function signInWithPassword(
  ports: Pick<
    Ports,
    'config' | 'limiter' | 'keys' | 'sessions' | 'cookies' | 'ip' | 'upstream' | 'log' | 'db' | 'userAgent'
  >,
  input: { cpfCnpj: string; senha: string },
): Promise<SignedIn> {
  const counted = await takeAttempt(ports, normalizeDocument(input.cpfCnpj), 'password');
  if (!counted) {
    ports.log.info({}, 'sign-in refused: attempt limit');
    throw refused();
  }
  try {
    return await openSession(ports, await ports.upstream.login(input), 'senha', counted);
  } catch (error) {
    if (error instanceof UpstreamError && (error.kind === 'rejected' || error.kind === 'token-expired')) {
      await noteFailure(ports, counted);
      throw refused();
    }
    throw error;
  }
}

/** Google one-tap: the credential is verified here before the upstream sees it. */
export async function signInWithGoogle(
  ports: Pick<
    Ports,
    | 'config'
    | 'limiter'
    | 'keys'
    | 'sessions'
    | 'cookies'
    | 'upstream'
    | 'verifyGoogle'
    | 'db'
    | 'log'
    | 'userAgent'
  >,
  credential: string,
): Promise<SignedIn> {
  const identity = await ports.verifyGoogle(credential);
  if (!identity) throw new Refusal('unauthorized', AUTH_MESSAGES.googleFailed);
  try {
    return await openSession(ports, await ports.upstream.loginGoogle(credential), 'google');
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'rejected') {
      const message = error.upstreamMessage ?? AUTH_MESSAGES.googleFailed;
      throw new Refusal(
        message === AUTH_MESSAGES.googleNotRegistered ? 'not-found' : 'unauthorized',
        message,
      );
    }
    throw error;
  }
}

/** Ends this browser's session, if any. */
export async function signOut(ports: Pick<Ports, 'sessions' | 'cookies'>) {
  await ports.sessions.end(ports.cookies);
  return { ok: true as const };
}
