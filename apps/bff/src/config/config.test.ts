import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configSchema, cookieSecure, loadConfig } from './config';

/** What production needs: a shared store and a strong secret, as `openssl rand -hex 32` gives. */
const production = () => ({
  UPSTREAM_URL: 'http://upstream.test',
  NODE_ENV: 'production',
  REDIS_URL: 'redis://127.0.0.1:6379',
  DATABASE_URL: 'postgres://portal:pw@127.0.0.1:5432/portal',
  KEY_SECRET: randomBytes(32).toString('hex'),
});
/** The message's problem lines, each starting with ✖. */
const problems = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message.split('\n').filter((line) => line.startsWith('✖'));
  }
  return [];
};

describe('loadConfig', () => {
  it('refuses a hard exit that would cut what the drain and the grace let finish, and takes a longer one', () => {
    const base = { UPSTREAM_URL: 'http://127.0.0.1:4010' };
    expect(loadConfig(base).SHUTDOWN_EXIT_MS).toBe(10_000);
    expect(problems({ ...base, SHUTDOWN_DRAIN_MS: '5000', SHUTDOWN_GRACE_MS: '7500' })).toEqual([
      expect.stringMatching(/^✖ SHUTDOWN_EXIT_MS \(10000\) must be at least .* \(13500\)/),
    ]);
    const kubernetes = {
      ...base,
      SHUTDOWN_DRAIN_MS: '5000',
      SHUTDOWN_GRACE_MS: '20000',
      SHUTDOWN_EXIT_MS: '26000',
    };
    expect(loadConfig(kubernetes).SHUTDOWN_EXIT_MS).toBe(26_000);
  });

  it('fills the defaults the README lists', () => {
    const config = loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:4010' });
    expect(config.PORT).toBe(3000);
    expect(config.PROXY_TIMEOUT_MS).toBe(195_000);
    expect(config.SIGNIN_MAX_FAILURES).toBe(5);
    expect(cookieSecure(config)).toBe(false);
  });

  it('makes cookies Secure in production unless the local http demo is explicitly allowed', () => {
    expect(cookieSecure(loadConfig(production()))).toBe(true);
    const insecure = { ...production(), COOKIE_SECURE: 'false' };
    expect(problems(insecure)).toEqual([
      expect.stringMatching(/^✖ COOKIE_SECURE=false is refused in production/),
    ]);
    expect(problems(insecure)[0]).toContain('ALLOW_INSECURE_COOKIES_LOCAL_HTTP=true');
    expect(cookieSecure(loadConfig({ ...insecure, ALLOW_INSECURE_COOKIES_LOCAL_HTTP: 'true' }))).toBe(false);
  });

  it('reads TRUST_PROXY as a switch or the addresses of the proxies', () => {
    const trust = (TRUST_PROXY: string) => loadConfig({ UPSTREAM_URL: 'http://u', TRUST_PROXY }).TRUST_PROXY;
    expect(loadConfig({ UPSTREAM_URL: 'http://u' }).TRUST_PROXY).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('0')).toBe(false);
    expect(trust('10.0.0.0/8,172.16.0.0/12')).toBe('10.0.0.0/8,172.16.0.0/12');
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ UPSTREAM_URL: 'not a url', PORT: 'abc' })).toThrow(
      /UPSTREAM_URL[\s\S]*PORT|PORT[\s\S]*UPSTREAM_URL/,
    );
  });

  it('refuses REDIS_URL without KEY_SECRET, saying what to set', () => {
    const base = {
      UPSTREAM_URL: 'http://upstream.test',
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgres://127.0.0.1/portal',
    };
    expect(() => loadConfig(base)).toThrow(/KEY_SECRET is required with REDIS_URL/);
    expect(loadConfig({ ...base, KEY_SECRET: 'a-secret-of-16-chars' }).REDIS_URL).toBe(base.REDIS_URL);
  });

  it('refuses REDIS_URL without DATABASE_URL: several instances would each keep records of their own', () => {
    const base = {
      UPSTREAM_URL: 'http://upstream.test',
      REDIS_URL: 'redis://127.0.0.1:6379',
      KEY_SECRET: 'a-secret-of-16-chars',
    };
    expect(problems(base)).toEqual([
      expect.stringMatching(
        /^✖ DATABASE_URL is required with REDIS_URL: several instances must share one database/,
      ),
    ]);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgresql://db/portal' }).DATABASE_URL).toBe(
      'postgresql://db/portal',
    );
    expect(problems({ ...base, DATABASE_URL: 'mysql://db/portal' })).toHaveLength(1);
  });

  it('runs PGlite in memory without DATABASE_URL, unless DATABASE_DIR names a folder', () => {
    const config = loadConfig({ UPSTREAM_URL: 'http://upstream.test' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config).toMatchObject({
      DATABASE_DIR: 'memory://',
      DATABASE_POOL_MAX: 10,
      DATABASE_STATEMENT_TIMEOUT_MS: 5_000,
    });
  });

  it("keeps the proxy channel's bound below the API's, so stuck upstream calls never take every slot", () => {
    const base = { UPSTREAM_URL: 'http://upstream.test' };
    expect(loadConfig(base).PROXY_MAX_PENDING).toBe(500);
    expect(loadConfig({ ...base, OVERLOAD_MAX_IN_FLIGHT: '2' }).PROXY_MAX_PENDING).toBe(1);
    expect(loadConfig({ ...base, PROXY_MAX_PENDING: '999' }).PROXY_MAX_PENDING).toBe(999);
    expect(() => loadConfig({ ...base, PROXY_MAX_PENDING: '1000' })).toThrow(
      /PROXY_MAX_PENDING \(1000\) must be below OVERLOAD_MAX_IN_FLIGHT \(1000\)/,
    );
  });

  it('takes a VAPID key pair whole (an empty public key from Compose is none), and quiet hours as HH-HH', () => {
    const base = { UPSTREAM_URL: 'http://upstream.test' };
    const pair = {
      VAPID_PUBLIC_KEY:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      VAPID_PRIVATE_KEY: 'tUxbf-Mp3rBi3qnEbAsiawQLvE-Xd1Px9TbUNU0ODmY',
    };
    expect(loadConfig({ ...base, ...pair })).toMatchObject(pair);
    expect(
      loadConfig({ ...base, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' }).VAPID_PUBLIC_KEY,
    ).toBeUndefined();
    expect(problems({ ...base, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toEqual([
      '✖ VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (npx web-push generate-vapid-keys) or neither',
    ]);
    expect(loadConfig(base).REMINDER_QUIET_HOURS).toEqual({ from: 21, to: 8 });
    expect(loadConfig({ ...base, REMINDER_QUIET_HOURS: '22-07' }).REMINDER_QUIET_HOURS).toEqual({
      from: 22,
      to: 7,
    });
    for (const bad of ['21', '25-08', '21-21', '9-8']) {
      expect(() => loadConfig({ ...base, REMINDER_QUIET_HOURS: bad })).toThrow(/REMINDER_QUIET_HOURS/);
    }
    expect(loadConfig(base).PUSH_SERVICES).toContain('https://fcm.googleapis.com');
    expect(loadConfig(base).REMINDER_SEND_HOUR).toBe(9);
    expect(problems({ ...base, REMINDER_SEND_HOUR: '22' })).toEqual([
      '✖ REMINDER_SEND_HOUR (22) falls in REMINDER_QUIET_HOURS: reminders would wait for the morning after',
    ]);
  });

  it('is documented: every variable has a row in the README', () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const missing = Object.keys(configSchema.shape).filter((name) => !readme.includes(`| \`${name}\``));
    expect(missing).toEqual([]);
  });
});

describe('loadConfig in production', () => {
  it('starts with a shared store and an openssl rand -hex 32 secret', () => {
    for (let i = 0; i < 10; i++) expect(problems(production())).toEqual([]);
  });

  it('refuses to start without a shared store, saying why in one line', () => {
    const { REDIS_URL: _, ...env } = production();
    expect(problems(env)).toEqual([
      expect.stringMatching(/^✖ REDIS_URL is required in production: .*shares/),
    ]);
    // one local process (tests, benchmarks) may keep memory sessions when it says so
    expect(problems({ ...env, ALLOW_MEMORY_STORE_ONE_INSTANCE: 'true' })).toEqual([]);
  });

  it('refuses to start without a database every replica shares, unless one local process says so', () => {
    const { DATABASE_URL: _, REDIS_URL: __, ...env } = production();
    expect(problems({ ...env, ALLOW_MEMORY_STORE_ONE_INSTANCE: 'false' })).toEqual([
      expect.stringMatching(/^✖ REDIS_URL is required in production/),
      expect.stringMatching(/^✖ DATABASE_URL is required in production: .*shares, with backups/),
    ]);
    expect(problems({ ...env, ALLOW_MEMORY_STORE_ONE_INSTANCE: 'true' })).toEqual([]);
  });

  it('refuses to start without KEY_SECRET, which memory mode would have made random per process', () => {
    const { KEY_SECRET: _, ...env } = production();
    expect(problems(env)).toEqual([
      expect.stringMatching(/^✖ KEY_SECRET \(or KEY_SECRET_FILE\) is required/),
    ]);
    // empty, as Compose passes an unset ${KEY_SECRET:-}: the same line, not a zod length error
    expect(problems({ ...env, KEY_SECRET: '' })).toEqual(problems(env));
  });

  it('refuses a KEY_SECRET shorter than 32 characters, the 16 a development run accepts included', () => {
    expect(problems({ ...production(), KEY_SECRET: 'aaaaaaaaaaaaaaaa' })).toEqual([
      '✖ KEY_SECRET is too short (16 characters, 32 needed): use openssl rand -hex 32',
    ]);
    expect(
      problems({ ...production(), KEY_SECRET: randomBytes(31).toString('hex').slice(0, 31) }),
    ).toHaveLength(1);
    expect(problems({ ...production(), NODE_ENV: 'development', KEY_SECRET: 'aaaaaaaaaaaaaaaa' })).toEqual(
      [],
    );
  });

  it.each([
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    '0123456789abcdef0123456789abcdef',
    'abcdefghijklmnopqrstuvwxyz012345',
    'qwertyuiopasdfghjklzxcvbnmqwerty',
    'passwordpasswordpasswordpassword',
    'abababababababababababababababababab',
  ])('refuses a long but guessable KEY_SECRET (%s)', (KEY_SECRET) => {
    expect(problems({ ...production(), KEY_SECRET })).toEqual([
      expect.stringMatching(/^✖ KEY_SECRET is too guessable \(about \d+ bits, 86 needed/),
    ]);
  });

  it('accepts every random 32-hex-digit secret (openssl rand -hex 16), the weakest random one allowed', () => {
    for (let i = 0; i < 50; i++) {
      expect(problems({ ...production(), KEY_SECRET: randomBytes(16).toString('hex') })).toEqual([]);
    }
  });

  it('lists every problem at once, one line each', () => {
    expect(
      problems({ UPSTREAM_URL: 'http://u', NODE_ENV: 'production', COOKIE_SECURE: 'false' }).map(
        (line) => line.split(' ')[1],
      ),
    ).toEqual(['REDIS_URL', 'DATABASE_URL', 'KEY_SECRET', 'COOKIE_SECURE=false']);
  });
});

describe('previous keys (KEY_SECRETS_PREVIOUS)', () => {
  const hex = () => randomBytes(32).toString('hex');

  it('are read comma- or newline-separated, blanks and spaces dropped; none by default', () => {
    const [a, b, c] = [hex(), hex(), hex()];
    expect(loadConfig(production()).KEY_SECRETS_PREVIOUS).toEqual([]);
    expect(problems({ ...production(), KEY_SECRETS_PREVIOUS: ` ${a} ,${b}\n\n${c}\n` })).toEqual([]);
    expect(
      loadConfig({ ...production(), KEY_SECRETS_PREVIOUS: ` ${a} ,${b}\n\n${c}\n` }).KEY_SECRETS_PREVIOUS,
    ).toEqual([a, b, c]);
  });

  it('are held to the newest key’s rules in production, each named by its place, never shown', () => {
    const guessable = 'a'.repeat(40);
    const lines = problems({
      ...production(),
      KEY_SECRETS_PREVIOUS: `${hex()},${'x'.repeat(20)},${guessable}`,
    });
    expect(lines).toEqual([
      "✖ KEY_SECRETS_PREVIOUS's secret 2 is too short (20 characters, 32 needed): use openssl rand -hex 32",
      expect.stringMatching(
        /^✖ KEY_SECRETS_PREVIOUS's secret 3 is too guessable \(about \d+ bits, 86 needed/,
      ),
    ]);
    expect(lines.join('\n')).not.toContain(guessable);
    // outside production 16 characters do, as for KEY_SECRET
    expect(
      problems({ ...production(), NODE_ENV: 'development', KEY_SECRETS_PREVIOUS: 'x'.repeat(20) }),
    ).toEqual([]);
  });

  it('refuse a key listed twice (its id derives from its secret) and previous keys without a newest one', () => {
    const env = production();
    const old = hex();
    expect(problems({ ...env, KEY_SECRETS_PREVIOUS: `${old},${env.KEY_SECRET}` })).toEqual([
      "✖ KEY_SECRETS_PREVIOUS's secret 2 is the same key as KEY_SECRET: list every key once",
    ]);
    expect(problems({ ...env, KEY_SECRETS_PREVIOUS: `${old}\n${old}` })).toEqual([
      "✖ KEY_SECRETS_PREVIOUS's secret 2 is the same key as KEY_SECRETS_PREVIOUS's secret 1: list every key once",
    ]);
    const { KEY_SECRET: _, ...withoutNewest } = env;
    expect(
      problems({ ...withoutNewest, NODE_ENV: 'development', REDIS_URL: '', KEY_SECRETS_PREVIOUS: old }),
    ).toEqual(['✖ KEY_SECRETS_PREVIOUS needs KEY_SECRET: the newest key, which keys everything written now']);
  });
});

describe('secrets from files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'config-secrets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const secretFile = (name: string, content: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };

  it('reads KEY_SECRET_FILE into KEY_SECRET, trimmed (as a compose secret ends with a newline)', () => {
    const secret = randomBytes(32).toString('hex');
    const { KEY_SECRET: _, ...env } = production();
    const config = loadConfig({ ...env, KEY_SECRET_FILE: secretFile('key_secret', `${secret}\n`) });
    expect(config.KEY_SECRET).toBe(secret);
    // docker-compose.yml passes KEY_SECRET empty beside the production override's file
    const file = secretFile('key_secret_2', secret);
    expect(loadConfig({ ...env, KEY_SECRET: '', KEY_SECRET_FILE: file }).KEY_SECRET).toBe(secret);
  });

  it('reads REDIS_URL_FILE the same way, since a Redis URL may carry its password', () => {
    const { REDIS_URL: _, ...env } = production();
    const config = loadConfig({
      ...env,
      REDIS_URL_FILE: secretFile('redis_url', ' redis://:pw@redis:6379\n'),
    });
    expect(config.REDIS_URL).toBe('redis://:pw@redis:6379');
  });

  it('checks a secret read from a file like one set directly', () => {
    const { KEY_SECRET: _, ...env } = production();
    expect(
      problems({ ...env, KEY_SECRET_FILE: secretFile('weak', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n') }),
    ).toEqual([expect.stringMatching(/^✖ KEY_SECRET is too guessable/)]);
  });

  it('reads KEY_SECRETS_PREVIOUS_FILE, one secret a line', () => {
    const [a, b] = [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')];
    const config = loadConfig({
      ...production(),
      KEY_SECRETS_PREVIOUS_FILE: secretFile('previous', `${a}\n${b}\n`),
    });
    expect(config.KEY_SECRETS_PREVIOUS).toEqual([a, b]);
    // docker-compose.prod.yml mounts /dev/null when no file is set: an empty file is no previous key
    expect(
      loadConfig({ ...production(), KEY_SECRETS_PREVIOUS_FILE: '/dev/null' }).KEY_SECRETS_PREVIOUS,
    ).toEqual([]);
  });

  it('refuses a secret set both ways, and a file it cannot read, naming the variable', () => {
    const file = secretFile('both', 'x'.repeat(40));
    expect(problems({ ...production(), KEY_SECRET_FILE: file })).toEqual([
      '✖ KEY_SECRET and KEY_SECRET_FILE are both set: keep one',
    ]);
    const { KEY_SECRET: _, ...env } = production();
    const missing = path.join(dir, 'missing');
    expect(problems({ ...env, KEY_SECRET_FILE: missing })).toEqual([
      `✖ KEY_SECRET_FILE (${missing}) cannot be read: ENOENT`,
    ]);
  });
});
