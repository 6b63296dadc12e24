import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Manifest, pagesOf } from '../apps/web/scripts/page-chunks';
import { CSS_BUDGET, HOME_JS_BUDGET, measure, ROUTE_JS_BUDGET } from './check-budgets';

let dist: string;
beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'budgets-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const gz = (content: Buffer) => gzipSync(content, { level: 9 }).length;

/** Writes the manifest and files of a fake build, of random bytes that gzip cannot shrink; returns them. */
function build(manifest: Manifest, sizes: Record<string, number>): Record<string, Buffer> {
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  const contents: Record<string, Buffer> = {};
  for (const [file, size] of Object.entries(sizes)) {
    contents[file] = randomBytes(size);
    writeFileSync(path.join(dist, file), contents[file]);
  }
  return contents;
}

// index.html's entry (the app) imports react and vendor; home.html's (the home page's own) imports react
// and the home page, whose island it loads on demand; the FAQ page imports nothing of its own.
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js', '_vendor.js'],
    css: ['assets/index.css'],
  },
  'home.html': {
    file: 'assets/home.js',
    isEntry: true,
    imports: ['_react.js', '_home-page.js'],
    dynamicImports: ['src/features/home/island.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_vendor.js': { file: 'assets/vendor.js', imports: ['_react.js'] },
  '_home-page.js': { file: 'assets/home-page.js', imports: ['_react.js'], css: ['assets/home-page.css'] },
  'src/features/home/island.tsx': { file: 'assets/island.js', isDynamicEntry: true, imports: ['_vendor.js'] },
  'src/features/legal/faq-page.tsx': { file: 'assets/faq-page.js', isDynamicEntry: true },
};
const SIZES = {
  'assets/index.js': 2000,
  'assets/home.js': 700,
  'assets/react.js': 3000,
  'assets/vendor.js': 1000,
  'assets/home-page.js': 500,
  'assets/island.js': 9000,
  'assets/faq-page.js': 300,
  'assets/index.css': 400,
  'assets/home-page.css': 200,
};
const HOME = { route: '/', module: 'src/features/home/home-page' };
const FAQ = { route: '/mais-opcoes/faq', module: 'src/features/legal/faq-page' };

describe('measure', () => {
  it("counts '/' from its own entry, any other page from the app's with its chunk, each file once", () => {
    const files = build(MANIFEST, SIZES);
    const [home, faq] = measure(dist, [HOME, FAQ]);
    const size = (...names: string[]) =>
      names.reduce((total, name) => total + gz(files[`assets/${name}`] ?? Buffer.alloc(0)), 0);
    // not the app's entry, its vendor chunk or the island the home page loads on demand
    expect(home).toMatchObject({
      route: '/',
      js: size('home.js', 'react.js', 'home-page.js'),
      css: size('index.css', 'home-page.css'),
    });
    expect(faq).toMatchObject({
      js: size('index.js', 'react.js', 'vendor.js', 'faq-page.js'),
      css: size('index.css'),
    });
  });

  it("holds '/' to its own budget and every other route to the routes' one", () => {
    build(MANIFEST, SIZES);
    const rows = measure(dist, [HOME, FAQ]);
    expect(rows.map((row) => row.jsBudget)).toEqual([HOME_JS_BUDGET, ROUTE_JS_BUDGET]);
    expect(rows.every((row) => row.ok)).toBe(true);
  });

  it("fails '/' over its budget while another route of that weight is within the routes' one", () => {
    build(MANIFEST, { ...SIZES, 'assets/react.js': HOME_JS_BUDGET });
    const [home, faq] = measure(dist, [HOME, FAQ]);
    expect(home?.ok).toBe(false);
    expect(faq?.js).toBeGreaterThan(HOME_JS_BUDGET);
    expect(faq?.ok).toBe(true);
  });

  it('fails a route whose first-load CSS is over its budget', () => {
    const faqPage = { file: 'assets/faq-page.js', isDynamicEntry: true, css: ['assets/big.css'] };
    build(
      { ...MANIFEST, 'src/features/legal/faq-page.tsx': faqPage },
      { ...SIZES, 'assets/big.css': CSS_BUDGET },
    );
    const [faq] = measure(dist, [FAQ]);
    expect(faq?.css).toBeGreaterThan(CSS_BUDGET);
    expect(faq?.ok).toBe(false);
  });

  it('refuses a page that is not a chunk of its own, and a build without both entries', () => {
    build(MANIFEST, SIZES);
    expect(() => measure(dist, [{ route: '/sobre', module: 'src/features/legal/about-page' }])).toThrow(
      /about-page is not a chunk of its own/,
    );
    const { 'home.html': _, ...withoutHome } = MANIFEST;
    build(withoutHome, SIZES);
    expect(() => measure(dist, [FAQ])).toThrow(/no entry home\.html/);
  });
});

describe('pagesOf', () => {
  it("reads each route's page module from the router's pages table", () => {
    const router = `
      const pages = {
        home: async () => ({ Component: (await import('../features/home/home-page')).HomePage }),
        faq: { Component: async () => (await import('../features/legal/faq-page')).FaqPage },
        notFound: async () => ({ Component: (await import('../features/not-found/not-found-page')).NotFoundPage }),
      };
      const other = { x: () => import('./elsewhere') };`;
    expect(pagesOf(router, 'src/app/router.tsx')).toEqual([
      { route: '/', module: 'src/features/home/home-page' },
      { route: '/mais-opcoes/faq', module: 'src/features/legal/faq-page' },
      { route: 'notFound', module: 'src/features/not-found/not-found-page' },
    ]);
  });
});
