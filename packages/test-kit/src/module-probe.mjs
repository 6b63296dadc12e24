// Preloaded into a process under test (NODE_OPTIONS=--import <this file>): when the process exits, writes
// the path of every CommonJS module it loaded, required or imported from ESM, one a line, to
// MODULE_PROBE_FILE. Every package OpenTelemetry publishes loads as CommonJS in Node.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.MODULE_PROBE_FILE;
const cache = createRequire(import.meta.url).cache;
if (file) process.on('exit', () => writeFileSync(file, Object.keys(cache).join('\n')));
