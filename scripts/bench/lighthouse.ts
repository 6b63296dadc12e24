// Lighthouse's mobile preset (its default config: slow 4G and a 4× slower CPU, simulated) over the app as
// `pnpm start` serves it: the built SPA served by the BFF, with the simulator, in one process.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { type ReachedPage, reachByClicks } from './journey';
import { startServed } from './served';

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
  /** `reached`: a signed-in page, reached by clicking as a person does (journey.ts), then loaded by Lighthouse */
  pages: { path: string; reached?: ReachedPage }[];
  /** runs of each page; the one with the median performance score is kept */
  runs?: number;
  /** run the web app's build first, as `pnpm start` does */
  build?: boolean;
  /** a folder to write each kept run's HTML report into */
  reportsDir?: string;
  /** an empty database for the served app's records */
  databaseUrl: string;
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

/** What an audit's table names first in its rows (the issue types of `inspector-issues`, say), in brackets. */
function found(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const names = items
    .map((item) => Object.values(item).find((v): v is string => typeof v === 'string'))
    .filter((v): v is string => v !== undefined);
  return names.length ? ` (${[...new Set(names)].slice(0, 5).join('; ')})` : '';
}

/**
 * Scores each page, each run in a fresh profile state (Lighthouse resets storage before a run); with the
 * host's `benchmarkIndex` (Lighthouse's measure of this machine's speed), so that runs on different
 * machines can be compared.
 */
export async function measureLighthouse({
  pages,
  runs = 1,
  build = true,
  reportsDir,
  databaseUrl,
}: LighthouseOptions): Promise<{ scores: PageScore[]; benchmarkIndex: number }> {
  if (build) await run('pnpm', ['--filter', '@portal/web', 'build']);
  const { default: lighthouse } = await import('lighthouse');
  const served = await startServed({ databaseUrl });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
      logLevel: 'silent',
    });
    const scores: PageScore[] = [];
    let benchmarkIndex = Number.NaN;
    for (const page of pages) {
      const reached = page.reached ? await reachByClicks(served, page.reached) : undefined;
      const extraHeaders = reached ? { cookie: reached.cookie } : undefined;
      const kept: { score: PageScore; html: string }[] = [];
      for (let i = 0; i < Math.max(1, runs); i += 1) {
        const result = await lighthouse(reached?.url ?? `${served.url}${page.path}`, {
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
        benchmarkIndex = lhr.environment.benchmarkIndex;
        kept.push({ score, html: Array.isArray(result.report) ? (result.report[0] ?? '') : result.report });
      }
      const perf = (s: PageScore) => (Number.isNaN(s.scores.performance) ? -1 : s.scores.performance);
      kept.sort((a, b) => perf(a.score) - perf(b.score));
      const median = kept[Math.floor((kept.length - 1) / 2)];
      if (!median) continue;
      scores.push(median.score);
      if (reportsDir) {
        await mkdir(reportsDir, { recursive: true });
        const name = page.path
          .replace(/^\/$/, 'home')
          .replace(/[^a-z0-9]+/gi, '-')
          .replace(/^-|-$/g, '');
        await writeFile(join(reportsDir, `${name}.html`), median.html);
      }
    }
    return { scores, benchmarkIndex };
  } finally {
    chrome?.kill();
    served.stop();
  }
}
