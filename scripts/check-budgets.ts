import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  APP_ENTRY,
  HOME_ENTRY,
  type Manifest,
  type Page,
  pagesOf,
  staticClosure,
} from '../apps/web/scripts/page-chunks';
import { routeTable } from '../apps/web/src/lib/navigation/paths';

// What each page of the built SPA downloads before it can paint, gzip-compressed, against its budget:
// the entry with its static imports, plus the page's own chunk with its static imports; for '/', its own
// entry (home.html) with its static imports. Chunks a page imports on demand (its modals, the home
// page's islands) are not counted. Sizes come from the build output, so they are exact.

const KB = 1024;
export const HOME_JS_BUDGET = 100 * KB;
export const ROUTE_JS_BUDGET = 170 * KB;
export const CSS_BUDGET = 15 * KB;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = path.join(ROOT, 'apps/web');
const ROUTER = 'src/app/router.tsx';

export interface Row {
  route: string;
  js: number;
  jsBudget: number;
  css: number;
  ok: boolean;
}

/** The JS and CSS gzip sizes, in bytes, of the first load of every page, and whether each is in budget. */
export function measure(distDir: string, pages: Page[]): Row[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const sizes = new Map<string, number>();
  const gzipSize = (file: string): number => {
    const size = sizes.get(file) ?? gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
    sizes.set(file, size);
    return size;
  };
  for (const entry of [APP_ENTRY, HOME_ENTRY])
    if (!manifest[entry]?.isEntry) throw new Error(`${distDir}: the manifest has no entry ${entry}`);

  return pages.map(({ route, module }) => {
    const home = route === routeTable.home.path;
    const key = Object.keys(manifest).find((k) => k.replace(/\.[cm]?[jt]sx?$/, '') === module);
    if (!home && (!key || !manifest[key]?.isDynamicEntry))
      throw new Error(`${route}: ${module} is not a chunk of its own (is it imported statically?)`);
    const chunks = staticClosure(manifest, home ? [HOME_ENTRY] : [APP_ENTRY, key ?? '']);
    const js = [...chunks].map((k) => manifest[k]?.file ?? '');
    const css = new Set([...chunks].flatMap((k) => manifest[k]?.css ?? []));
    const jsSize = sum(js.map(gzipSize));
    const cssSize = sum([...css].map(gzipSize));
    const jsBudget = home ? HOME_JS_BUDGET : ROUTE_JS_BUDGET;
    return { route, js: jsSize, jsBudget, css: cssSize, ok: jsSize <= jsBudget && cssSize <= CSS_BUDGET };
  });
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const kb = (bytes: number) => (bytes / KB).toFixed(1);

/** One line a route: its JS and CSS in KB gzip, their budgets, and 'OVER' when either is exceeded. */
export function table(rows: Row[]): string {
  const lines = [
    ['route', 'JS KB gzip', 'budget', 'CSS KB gzip', 'budget', 'ok'],
    ...rows.map((r) => [r.route, kb(r.js), kb(r.jsBudget), kb(r.css), kb(CSS_BUDGET), r.ok ? 'ok' : 'OVER']),
  ];
  const widths =
    lines[0]?.map((_, column) => Math.max(...lines.map((line) => line[column]?.length ?? 0))) ?? [];
  return lines
    .map((line) =>
      line
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    )
    .join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(process.argv[2] ?? path.join(WEB, 'dist'));
  const pages = pagesOf(readFileSync(path.join(WEB, ROUTER), 'utf8'));
  if (pages.length === 0) throw new Error(`${ROUTER}: no \`pages\` table of lazily imported pages`);
  const rows = measure(distDir, pages);
  console.log(table(rows));
  const over = rows.filter((row) => !row.ok);
  if (over.length > 0)
    console.error(`\nover budget (KB = 1024 bytes): ${over.map((row) => row.route).join(', ')}`);
  process.exitCode = over.length > 0 ? 1 : 0;
}
