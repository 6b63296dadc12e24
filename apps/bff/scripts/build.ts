import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// Compiles src/server.ts into dist/server.js, an ES module that plain node runs: the workspace
// packages (@portal/*, which export TypeScript) are bundled in; the third-party dependencies stay
// imports, installed by `pnpm deploy --prod`. Files the code finds by URL are copied beside it.
// What server.ts imports with import() becomes a chunk of its own beside it (dist/*-HASH.js), loaded
// only then: the app's dependencies load after tracing has started (or not at all, for tracing's).

const APP = fileURLToPath(new URL('../', import.meta.url));
// pdf-reader.ts forks new URL('./pdf-reader-process.mjs', import.meta.url), which is dist/ once bundled.
const LOADED_BY_URL = ['src/pdf/pdf-reader-process.mjs'];

const pkg = JSON.parse(readFileSync(`${APP}package.json`, 'utf8')) as {
  dependencies?: Record<string, string>;
};
rmSync(`${APP}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: APP,
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
});
for (const file of LOADED_BY_URL) copyFileSync(`${APP}${file}`, `${APP}dist/${file.split('/').pop()}`);
