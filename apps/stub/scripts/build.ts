import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// Compiles src/server.ts into one ES module, dist/server.js, that plain node runs: the workspace
// packages (@portal/*, which export TypeScript) are bundled in; the third-party dependencies stay
// imports, installed by `pnpm deploy --prod`. The stub loads no file by URL.

const APP = fileURLToPath(new URL('../', import.meta.url));

const pkg = JSON.parse(readFileSync(`${APP}package.json`, 'utf8')) as {
  dependencies?: Record<string, string>;
};
rmSync(`${APP}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: APP,
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(pkg.dependencies ?? {}),
  logLevel: 'warning',
});
