// Lighthouse's mobile preset (its default config: slow 4G and a 4× slower CPU, simulated) over the app as
// `pnpm start` serves it: the built SPA served by the BFF, with the simulator, in one process.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@portal/test-kit/free-port';
import * as chromeLauncher from 'chrome-launcher';
import { signIn } from './sign-in';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

interface PageScore {
  path: string;
  /** the path the page ended on (a signed-out visit to a signed-in page ends on the sign-in page) */
  finalPath: string;
  /** 0–100; NaN when Lighthouse could not score the category */
  scores: Record<Category, number>;
  /** first and largest contentful paint, total blocking time, simulated, in ms */
  fcp: number;
  lcp: number;
  tbt: number;
  /** cumulative layout shift */
  cls: number;
  /** audits below full marks in the categories other than performance, by category (with what they found) */
  missed: Partial<Record<Category, string[]>>;
  runtimeError?: string;
}

interface LighthouseOptions {
  pages: { path: string; signedIn?: boolean }[];
  /** runs of each page; the one with the best performance score is kept */
  runs?: number;
  /** run the web app's build first, as `pnpm start` does */
  build?: boolean;
  /** a folder to write each kept run's HTML report into */
  reportsDir?: string;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-2_000)}`)),
    );
  });
}

/** `node --import tsx scripts/start.ts` on a free loopback port; resolves once the BFF answers. */
async function startServed() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = () => child.kill('SIGKILL');
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`scripts/start.ts exited at start:\n${output}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) {
      stop();
      throw new Error(`scripts/start.ts did not answer on ${url}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop };
}

/** What an audit's table names first in its rows (the issue types of `inspector-issues`, say), in brackets. */
function found(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const names = items
    .map((item) => Object.values(item).find((v): v is string => typeof v === 'string'))
    .filter((v): v is string => v !== undefined);
  return names.length ? ` (${[...new Set(names)].slice(0, 5).join('; ')})` : '';
}

/** Scores each page, each run in a fresh profile state (Lighthouse resets storage before a run). */
export async function measureLighthouse({
  pages,
  runs = 1,
  build = true,
  reportsDir,
}: LighthouseOptions): Promise<PageScore[]> {
  if (build) await run('pnpm', ['--filter', '@portal/web', 'build']);
  const { default: lighthouse } = await import('lighthouse');
  const served = await startServed();
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
      logLevel: 'silent',
    });
    const scores: PageScore[] = [];
    for (const page of pages) {
      const extraHeaders = page.signedIn ? { cookie: await signIn(served.url) } : undefined;
      let best: { score: PageScore; html: string } | undefined;
      for (let i = 0; i < Math.max(1, runs); i += 1) {
        const result = await lighthouse(`${served.url}${page.path}`, {
          port: chrome.port,
          output: 'html',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          ...(extraHeaders ? { extraHeaders } : {}),
        });
        if (!result) throw new Error(`lighthouse gave no result for ${page.path}`);
        const { lhr } = result;
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const score: PageScore = {
          path: page.path,
          finalPath: new URL(lhr.finalDisplayedUrl).pathname,
          scores: Object.fromEntries(
            CATEGORIES.map((c) => {
              const s = lhr.categories[c]?.score;
              return [c, s === null || s === undefined ? Number.NaN : Math.round(s * 100)];
            }),
          ) as Record<Category, number>,
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          missed: Object.fromEntries(
            CATEGORIES.filter((c) => c !== 'performance').map((c) => [
              c,
              (lhr.categories[c]?.auditRefs ?? [])
                .filter((ref) => ref.weight > 0)
                .filter((ref) => {
                  const s = lhr.audits[ref.id]?.score;
                  return s !== null && s !== undefined && s < 1;
                })
                .map((ref) => `${ref.id}${found(lhr.audits[ref.id]?.details)}`),
            ]),
          ),
          ...(lhr.runtimeError ? { runtimeError: lhr.runtimeError.message } : {}),
        };
        const perf = (s: PageScore) => (Number.isNaN(s.scores.performance) ? -1 : s.scores.performance);
        if (!best || perf(score) > perf(best.score)) {
          best = { score, html: Array.isArray(result.report) ? (result.report[0] ?? '') : result.report };
        }
      }
      if (!best) continue;
      scores.push(best.score);
      if (reportsDir) {
        await mkdir(reportsDir, { recursive: true });
        const name = page.path
          .replace(/^\/$/, 'home')
          .replace(/[^a-z0-9]+/gi, '-')
          .replace(/^-|-$/g, '');
        await writeFile(join(reportsDir, `${name}.html`), best.html);
      }
    }
    return scores;
  } finally {
    chrome?.kill();
    served.stop();
  }
}
