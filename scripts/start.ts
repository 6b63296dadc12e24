import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@portal/bff/app';
import { loadConfig } from '@portal/bff/config';
import { vapidKeysOfThisProcess } from '@portal/bff/push/web-push';
import { buildStub } from '@portal/stub/app';
import { PERSONAS } from '@portal/stub/data/personas';
import { DEMO_PASSWORD } from '@portal/stub/data/types';
import { formatDocument } from '@portal/validation/document';

// `pnpm start`: the upstream simulator and the BFF (serving the built SPA) in one process, on
// embedded defaults. The environment overrides any BFF setting (PORT, LOG_LEVEL, …).
//
// What must last outlives the process: PGlite keeps its data in PORTAL_DATA_DIR (.data/, git-ignored), and
// the HMAC secret beside it, since a declaration is found and downloaded by pseudonyms keyed with it, and the
// Web Push key pair, which the browsers that turned reminders on subscribed to.
const dataDir = resolve(process.env.PORTAL_DATA_DIR ?? fileURLToPath(new URL('../.data', import.meta.url)));
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
const keyFile = join(dataDir, 'key-secret');
if (!existsSync(keyFile))
  writeFileSync(keyFile, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
const vapidFile = join(dataDir, 'vapid-keys.json');
if (!existsSync(vapidFile))
  writeFileSync(vapidFile, JSON.stringify(vapidKeysOfThisProcess()), { mode: 0o600, flag: 'wx' });
const vapid = JSON.parse(readFileSync(vapidFile, 'utf8')) as { publicKey: string; privateKey: string };

const stub = await buildStub({ logger: false });
const stubUrl = await stub.app.listen({ port: Number(process.env.STUB_PORT ?? 0), host: '127.0.0.1' });
const config = loadConfig({
  LOG_LEVEL: 'warn',
  UPSTREAM_URL: stubUrl,
  // The simulator stands in for Google too: its keys verify the credentials it mints.
  GOOGLE_JWKS_URL: `${stubUrl}/.well-known/jwks.json`,
  GOOGLE_ISSUERS: 'https://accounts.google.com',
  DATABASE_DIR: join(dataDir, 'pglite'),
  ...(process.env.KEY_SECRET || process.env.KEY_SECRET_FILE ? {} : { KEY_SECRET_FILE: keyFile }),
  ...(process.env.VAPID_PUBLIC_KEY
    ? {}
    : { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey }),
  ...process.env,
});
// the simulator, as the creditor's upstream, keeps the notices' quiet hours the portal keeps
stub.state.noticeQuietHours = config.REMINDER_QUIET_HOURS;
const app = await buildApp(config);
await app.listen({ port: config.PORT, host: config.HOST });

const url = `http://localhost:${config.PORT}`;
const personas = PERSONAS.map(
  (p) => `  ${formatDocument(p.cpfCnpj).padEnd(20)} ${p.nome}${p.registered ? '' : ' (sem cadastro)'}`,
).join('\n');
process.stdout.write(
  `\nPortal de negociação em ${url}\nSimulador do credor em ${stubUrl} (controles: docs/upstream-api.md)\n\n` +
    `Personas de demonstração (senha ${DEMO_PASSWORD}):\n${personas}\n\nCtrl+C encerra.\n`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    setTimeout(() => process.exit(1), 10_000).unref();
    void Promise.all([app.close(), stub.app.close()]).then(() => process.exit(0));
  });
}
