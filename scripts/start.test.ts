import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@portal/test-kit/free-port';
import { createClient, PERSONA } from '@portal/test-kit/harness';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'portal-start-'));
let running: ChildProcess | undefined;

/** `pnpm start`'s process (scripts/start.ts) on free ports, its data in the test's folder. */
async function start() {
  const [port, stubPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      STUB_PORT: String(stubPort),
      HOST: '127.0.0.1',
      PORTAL_DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c));
  child.stderr?.on('data', (c: Buffer) => (output += c));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`start.ts exited:\n${output}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error(`start.ts did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stubUrl: `http://127.0.0.1:${stubPort}`, child };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

afterAll(async () => {
  if (running && running.exitCode === null) await stop(running);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('pnpm start keeps what must last across a restart', () => {
  it('a declaration issued before the restart downloads with the same bytes and still verifies; the push key stays', async () => {
    const first = await start();
    // the README's demo: Ana pays her open instalments (4, 5 and 6) at the simulator
    for (const parcela of [4, 5, 6]) {
      const paid = await fetch(`${first.stubUrl}/__stub/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cpfCnpj: '93541134780', contrato: '6011452873', parcela, metodo: 'pix' }),
      });
      expect(paid.ok).toBe(true);
    }
    const ana = createClient(first.url);
    await ana.trpc.auth.signIn.mutate(PERSONA.ana);
    let codcredor = '';
    for (const creditor of await ana.trpc.debts.creditors.query()) {
      const contracts = await ana.trpc.negotiation.contracts.query({ codcredor: creditor.codcredor });
      if (contracts.some((c) => c.contrato === '6011452873')) codcredor = creditor.codcredor;
    }
    const issued = await ana.trpc.agreements.settlementDeclaration.mutate({
      codcredor,
      contrato: '6011452873',
    });
    const before = await fetch(`${first.url}${issued.pdfUrl}`, { headers: { cookie: ana.cookieHeader() } });
    expect(before.status).toBe(200);
    const bytes = sha256(await before.arrayBuffer());
    // the Web Push key browsers subscribe to
    const { pushChave } = await ana.trpc.reminders.settings.query();
    expect(pushChave).toMatch(/^[A-Za-z0-9_-]{87}$/);
    await stop(first.child);
    // the secrets and the database live in the data folder, the secrets readable by their owner alone
    expect(statSync(join(dataDir, 'key-secret')).mode & 0o077).toBe(0);
    expect(statSync(join(dataDir, 'vapid-keys.json')).mode & 0o077).toBe(0);

    const second = await start();
    const again = createClient(second.url);
    await again.trpc.auth.signIn.mutate(PERSONA.ana);
    const after = await fetch(`${second.url}${issued.pdfUrl}`, { headers: { cookie: again.cookieHeader() } });
    expect(after.status).toBe(200);
    expect(sha256(await after.arrayBuffer())).toBe(bytes);
    // a browser subscribed before the restart still gets its reminders: the same key
    expect((await again.trpc.reminders.settings.query()).pushChave).toBe(pushChave);
    const checked = await createClient(second.url).trpc.verification.check.mutate({ codigo: issued.codigo });
    expect(checked.veredito).toBe('confere');
    await stop(second.child);
  }, 120_000);
});
