import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { routeTable } from '../src/lib/navigation/paths';
import { APP_ENTRY, HOME_ENTRY, type Manifest, pagesOf, staticClosure } from './page-chunks';

// After `vite build`: renders the public pages (apps/web/src/prerender.tsx) into copies of index.html,
// each with its page's stylesheets named in <head>, so the page paints styled before any script runs. Its
// modules are not preloaded there: on a slow link they would take the stylesheets' bandwidth and delay the
// first paint (Lighthouse's mobile /login: first contentful paint 2.1 s without, 2.6 s with). The BFF serves them (plugins/spa.ts)
// by the table in pages/index.json.

export const PAGES_DIR = 'pages';
export const PAGES_INDEX = 'pages/index.json';

/** The page file of a path: '/' → 'pages/home.html', '/politica-geral' → 'pages/politica-geral.html'. */
export function pageFile(route: string): string {
  return `${PAGES_DIR}/${route === '/' ? 'home' : route.slice(1).replaceAll('/', '-')}.html`;
}

/** `template` with the page's markup in #root, its title, and links to what its page chunk needs. */
export function fillTemplate(
  template: string,
  page: { html: string; title: string; styles: string[] },
): string {
  const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const links = [...page.styles.map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">`)];
  // Every part must land: a template whose markup changed (a plugin's tag before </head>) fails the build.
  for (const part of ['<title>', '</head>', '<div id="root"></div>']) {
    if (!template.includes(part)) throw new Error(`index.html has no ${part}`);
  }
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `\n${links.map((link) => `${link}\n`).join('')}  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
}

async function main() {
  const WEB = fileURLToPath(new URL('../', import.meta.url));
  const dist = path.join(WEB, 'dist');
  const ssrDir = path.join(WEB, 'node_modules/.prerender');
  await build({
    root: WEB,
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false },
  });
  const entry = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
  const { prerender, PRERENDERED_PATHS } = entry as typeof import('../src/prerender');

  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const loadedByEntry = staticClosure(manifest, [APP_ENTRY]);
  const pages = pagesOf(readFileSync(path.join(WEB, 'src/app/router.tsx'), 'utf8'));
  const template = readFileSync(path.join(dist, APP_ENTRY), 'utf8');
  // '/' has an entry of its own (src/app/home-app.tsx): its built HTML already names all it loads.
  const homeTemplate = readFileSync(path.join(dist, HOME_ENTRY), 'utf8');

  mkdirSync(path.join(dist, PAGES_DIR), { recursive: true });
  // A guest-only page (the guard sends a signed-in user to Minha conta) says where the BFF sends one instead.
  const index: Record<string, { file: string; signedInTo?: string }> = {};
  for (const route of PRERENDERED_PATHS) {
    const page = await prerender(route);
    let html: string;
    if (route === routeTable.home.path) {
      html = fillTemplate(homeTemplate, { ...page, styles: [] });
    } else {
      const module = pages.find((p) => p.route === route)?.module;
      const key = Object.keys(manifest).find((k) => k.replace(/\.[cm]?[jt]sx?$/, '') === module);
      if (!key) throw new Error(`${route}: no page chunk in the build manifest`);
      const own = [...staticClosure(manifest, [key])].filter((chunk) => !loadedByEntry.has(chunk));
      html = fillTemplate(template, {
        ...page,
        styles: own.flatMap((chunk) => manifest[chunk]?.css ?? []),
      });
    }
    // The CSP allows no inline script: React must have put every part in its place.
    if (/<script(?![^>]*\bsrc=)/.test(html))
      throw new Error(`${route}: the prerendered page has an inline script`);
    const file = pageFile(route);
    writeFileSync(path.join(dist, file), html);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(html));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(html, { level: 9 }));
    const guestOnly = Object.values(routeTable).some((r) => r.path === route && r.access === 'guest');
    index[route] = guestOnly ? { file, signedInTo: routeTable.minhaConta.path } : { file };
  }
  writeFileSync(path.join(dist, PAGES_INDEX), `${JSON.stringify(index, null, 2)}\n`);
  // Served only as pages/home.html, prerendered: not also as an empty page of its own.
  for (const suffix of ['', '.br', '.gz']) rmSync(path.join(dist, `${HOME_ENTRY}${suffix}`), { force: true });
  rmSync(ssrDir, { recursive: true, force: true });
  console.log(`prerendered ${Object.keys(index).join(', ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
