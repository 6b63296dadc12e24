import { randomBytes } from 'node:crypto';
import type { Config } from '@portal/bff/config';
import type { CookieOptions, Cookies } from '@portal/bff/core/cookies';
import { Refusal } from '@portal/bff/core/refusal';
import type { Person, SessionData } from '@portal/bff/core/session';
import { createKeyring } from '@portal/bff/keys/keyring';
import type { Ports } from '@portal/bff/ports/ports';
import { createSessionManager } from '@portal/bff/session/session-manager';
import { createMemoryStore } from '@portal/bff/store/memory-store';
import { createRateLimiter } from '@portal/bff/store/rate-limiter';
import { testConfig } from './test-config';
import { testRecords, testReminders } from './test-database';

/** A cookie jar standing in for the browser: what the domain set is read back on the next call. */
interface MemoryCookies extends Cookies {
  jar: Map<string, { value: string; options: CookieOptions }>;
}

export function memoryCookies(): MemoryCookies {
  const jar = new Map<string, { value: string; options: CookieOptions }>();
  return {
    jar,
    get: (name) => jar.get(name)?.value,
    set: (name, value, options) => void jar.set(name, { value, options }),
    clear: (name) => void jar.delete(name),
  };
}

/** Every line logged, with its fields, for a test to read. */
interface MemoryLog {
  lines: { level: 'info' | 'warn'; fields: object; message: string }[];
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

const memoryLog = (): MemoryLog => {
  const lines: MemoryLog['lines'] = [];
  return {
    lines,
    info: (fields, message) => void lines.push({ level: 'info', fields, message }),
    warn: (fields, message) => void lines.push({ level: 'warn', fields, message }),
  };
};

/** A port the test did not give: any use of it fails the test, naming the port and what was asked. */
const absent = (name: string): never =>
  new Proxy(
    {},
    {
      get: (_, key) => {
        if (key === 'then') return undefined;
        throw new Error(
          `the test gave no '${name}' port, yet the code under test used ${name}.${String(key)}`,
        );
      },
    },
  ) as never;

type MemoryPorts = Ports & { cookies: MemoryCookies; log: MemoryLog };

/**
 * The domain's ports in memory, for unit tests of a domain function: the real store, session manager,
 * keyring and rate limiter over memory, a cookie jar, a log that keeps its lines, the configuration of tests.
 * The upstream's ports (REST client, files, socket channels, Google, the PDF reader) are absent unless the
 * test gives them: a fake of just the calls the function makes.
 */
export function memoryPorts(given: Partial<Ports> & { env?: Record<string, string> } = {}): MemoryPorts {
  const { env, ...overrides } = given;
  const config: Config = testConfig('http://upstream.invalid', env);
  const store = createMemoryStore();
  // a key of each call's own: the records of one test are never another's, in the file's one database
  const keys = createKeyring(randomBytes(32).toString('hex'));
  const ports: MemoryPorts = {
    config,
    store,
    db: testRecords(),
    reminders: testReminders(),
    push: absent('push'),
    keys,
    sessions: createSessionManager({
      store,
      idleMs: 30 * 60_000,
      absoluteMs: 8 * 3_600_000,
      secureCookie: false,
    }),
    limiter: createRateLimiter({ store, keys }),
    upstream: absent('upstream'),
    files: absent('files'),
    proxy: absent('proxy'),
    activation: absent('activation'),
    trail: absent('trail'),
    verifyGoogle: absent('verifyGoogle'),
    pdfReader: absent('pdfReader'),
    ip: '192.0.2.10',
    device: 'mobile',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    cookies: memoryCookies(),
    log: memoryLog(),
  };
  return Object.assign(ports, overrides);
}

/** Signs a person in through the ports' session manager, as a sign-in would; the person as the domain gets them. */
export async function signedIn(
  ports: Pick<Ports, 'sessions' | 'cookies'>,
  data: Partial<Omit<SessionData, 'createdAt' | 'lastSeenAt'>> = {},
): Promise<Person> {
  const fields = {
    token: 'token-of-the-test',
    clientId: '1001',
    cpfCnpj: '52998224725',
    nome: 'Maria da Silva',
    signedInWith: 'senha' as const,
    ...data,
  };
  return ports.sessions.start(ports.cookies, fields, { person: `person-${fields.clientId}`, max: 5 });
}

/** What a call the domain refuses refused with; fails the test when it resolves or throws anything else. */
export async function refusalOf(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Refusal)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}
