// The production stack, tried from outside as a person and an operator would, through nginx only:
//   node --import tsx scripts/stack/smoke.ts <base URL> <compose project> <file>
// scripts/check-stack.sh starts the stack (two BFF replicas) and runs this. Containers are found by
// their compose labels and stopped with podman, as `docker stop` would: SIGTERM, then the grace period.
// The declaration of settlement it issues is written to <file>, for check-stack.sh to find again after
// the whole stack went down and came back up (scripts/stack/drill.ts kept).
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { MARIA, signIn } from '../bench/sign-in';
import { issueAnasDeclaration } from './declaration';

const [base, project, issuedFile] = process.argv.slice(2);
if (!base || !project || !issuedFile)
  throw new Error('usage: smoke.ts <base URL> <compose project> <file for the declaration issued>');

const t0 = performance.now();
const step = (message: string) =>
  console.log(`[${((performance.now() - t0) / 1000).toFixed(1).padStart(5)}s] ${message}`);
function check(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(message);
}
const podman = (...args: string[]) => execFileSync('podman', args, { encoding: 'utf8' }).trim();
const containers = (service: string) =>
  podman(
    'ps',
    ...['--filter', `label=com.docker.compose.project=${project}`],
    ...['--filter', `label=com.docker.compose.service=${service}`],
    ...['--format', '{{.Names}}'],
  )
    .split('\n')
    .filter(Boolean)
    .sort();

// --- the public face ------------------------------------------------------------------------------
const home = await fetch(`${base}/`);
check(home.status === 200, `GET / answered ${home.status}`);
check((home.headers.get('content-type') ?? '').startsWith('text/html'), 'GET / is not HTML');
for (const header of ['content-security-policy', 'x-content-type-options', 'referrer-policy'])
  check(home.headers.has(header), `GET / lacks ${header}`);
check(home.headers.get('server') === 'nginx', `nginx names its version: ${home.headers.get('server')}`);
step('GET / → 200, the SPA with its security headers, nginx without its version');

for (const path of ['/metrics', '/readyz']) {
  const denied = await fetch(`${base}${path}`);
  const body = await denied.text();
  check(denied.status === 403, `GET ${path} through the edge answered ${denied.status}: ${body}`);
  check(!body.includes('process_cpu'), `GET ${path} leaked metrics`);
}
step('GET /metrics and /readyz through the edge → 403 (they stay on the replicas)');

// --- a session, served by both replicas -----------------------------------------------------------
const bffs = containers('bff');
check(bffs.length === 2, `expected two BFF replicas, found ${bffs.join(', ') || 'none'}`);
const cookie = await signIn(base);
const callsStart = new Date();
const session = async () => {
  const response = await fetch(`${base}/trpc/auth.session`, { headers: { cookie } });
  const body = (await response.json()) as { result?: { data?: unknown } };
  return response.status === 200 && body.result?.data != null;
};
const answers = await Promise.all(Array.from({ length: 12 }, session));
check(answers.every(Boolean), `the session was lost on ${answers.filter((a) => !a).length} of 12 calls`);
// nginx's access log names the replica that answered each call ($upstream_addr)
const served = new Set(
  podman('logs', '--since', callsStart.toISOString(), containers('proxy')[0] ?? 'proxy')
    .split('\n')
    .filter((line) => line.includes('"GET /trpc/auth.session ') && / 200 \d+ [\d.]+ \S+:3000 200 /.test(line))
    .map((line) => / 200 \d+ [\d.]+ (\S+):3000 /.exec(line)?.[1]),
);
check(served.size === 2, `the session's calls reached ${served.size} replica(s), not 2: ${[...served]}`);
step(
  `sign-in as ${MARIA.cpfCnpj.slice(0, 3)}…, then 12 calls answered signed in by both replicas (${[...served].join(', ')})`,
);

// --- a declaration of settlement, kept in PostgreSQL --------------------------------------------------
// Ana's last instalments paid on the simulator, from inside its container (its controls stay inside)
const stub = containers('stub')[0] ?? 'stub';
const issued = await issueAnasDeclaration(base, async (payment) => {
  podman(
    'exec',
    stub,
    'node',
    '-e',
    "fetch('http://127.0.0.1:4010/__stub/payments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: process.argv[1] }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))",
    JSON.stringify(payment),
  );
});
writeFileSync(issuedFile, JSON.stringify(issued));
step(
  `Ana's instalments paid; her declaration of settlement ${issued.codigo} issued, downloaded (${issued.bytes} bytes) and checked as authentic`,
);

// --- uploads: 1 MB is read, more than the route's 2 MB is refused at the edge ----------------------
const doc = await PDFDocument.create();
const font = await doc.embedFont(StandardFonts.Helvetica);
doc
  .addPage()
  .drawText('23790.12345 60000.000001 00000.000001 1 99990000021000', { x: 40, y: 700, size: 10, font });
// random bytes do not compress: the file is as large as its attachment
await doc.attach(randomBytes(1024 * 1024), 'anexo.bin', { mimeType: 'application/octet-stream' });
const pdf = await doc.save();
check(pdf.length > 1024 * 1024, `the PDF is ${pdf.length} bytes, not over 1 MB`);
const upload = (body: Uint8Array) =>
  fetch(`${base}/api/verificacao/pdf`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf', origin: base },
    body,
    signal: AbortSignal.timeout(15_000),
  });
const read = await upload(pdf);
const verdict = (await read.json()) as { tipo?: string; veredito?: string };
check(
  read.status === 200 && verdict.tipo === 'boleto',
  `the 1 MB PDF answered ${read.status}: ${JSON.stringify(verdict)}`,
);
const tooBig = await upload(new Uint8Array(3 * 1024 * 1024));
const refusal = (await tooBig.json()) as { error?: { message?: string } };
check(
  tooBig.status === 413 && /[ãçéê]/.test(refusal.error?.message ?? ''),
  `3 MB answered ${tooBig.status}: ${JSON.stringify(refusal)}`,
);
step(
  `POST /api/verificacao/pdf: ${(pdf.length / 1024 / 1024).toFixed(2)} MB read as a boleto (${verdict.veredito}); 3 MB → 413 in Portuguese`,
);

// --- one replica shut down under load: no call fails -----------------------------------------------
const failures: string[] = [];
let calls = 0;
let loading = true;
const load = async () => {
  while (loading) {
    calls++;
    try {
      if (!(await session())) failures.push('auth.session: not signed in or not 200');
      const page = await fetch(`${base}/login`);
      await page.arrayBuffer();
      if (page.status !== 200) failures.push(`/login: ${page.status}`);
      // a mutation too: nginx never sends a POST again once it has reached a replica
      const view = await fetch(`${base}/trpc/tracking.view`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ page: 'login' }),
      });
      await view.arrayBuffer();
      if (view.status !== 200) failures.push(`tracking.view: ${view.status}`);
    } catch (error) {
      failures.push(String((error as Error).cause ?? error));
    }
  }
};
const loadStart = new Date();
const workers = Array.from({ length: 4 }, load);
await new Promise((resolve) => setTimeout(resolve, 1000));
const [stopped, survivor] = bffs as [string, string];
const stopStart = performance.now();
// SIGTERM, as `docker stop` and compose send it; awaited, not run synchronously: the load goes on meanwhile
await promisify(execFile)('podman', ['stop', '--time', '15', stopped]);
const stopSeconds = (performance.now() - stopStart) / 1000;
const exitCode = podman('inspect', stopped, '--format', '{{.State.ExitCode}}');
await new Promise((resolve) => setTimeout(resolve, 2000));
loading = false;
await Promise.all(workers);
check(
  failures.length === 0,
  `${failures.length} of ${calls} calls failed while ${stopped} stopped: ${failures.slice(0, 5)}`,
);
check(exitCode === '0', `${stopped} exited with ${exitCode} after SIGTERM`);
check(stopSeconds < 15, `${stopped} took ${stopSeconds.toFixed(1)} s to stop (grace period 15 s)`);
check(containers('bff').join() === survivor, `expected ${survivor} alone to be running`);
check(await session(), 'the session did not survive on the other replica');
// what the edge saw meanwhile: each request's upstream attempts ("a, b" when it went to a second replica)
const attempts = podman('logs', '--since', loadStart.toISOString(), containers('proxy')[0] ?? 'proxy')
  .split('\n')
  .filter((line) => line.includes(' HTTP/1.1" '));
const retried = attempts.filter((line) => /:3000, /.test(line)).length;
step(
  `${stopped} stopped on SIGTERM in ${stopSeconds.toFixed(1)} s (exit 0) under load: ${calls} rounds of 3 calls, none failed (nginx sent ${retried} of ${attempts.length} to a second replica); the session lives on ${survivor}`,
);
