import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KNIP = path.join(ROOT, 'node_modules/.bin/knip');
// The option of the repository's knip.json that makes an entry file's exports count too.
const { includeEntryExports } = JSON.parse(readFileSync(path.join(ROOT, 'knip.json'), 'utf8')) as {
  includeEntryExports: boolean;
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs knip, as `pnpm lint` does, over a one-package project holding `lib.ts`, which the entry imports. */
async function knipOver(lib: string): Promise<{ code: number; output: string }> {
  dir = mkdtempSync(path.join(tmpdir(), 'knip-'));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'fixture', private: true, type: 'module' }),
  );
  writeFileSync(path.join(dir, 'knip.json'), JSON.stringify({ includeEntryExports, entry: ['src/main.ts'] }));
  writeFileSync(path.join(dir, 'src/main.ts'), "import { used } from './lib';\nconsole.log(used);\n");
  writeFileSync(path.join(dir, 'src/lib.ts'), lib);
  // Plain text whatever the CI's terminal settings (FORCE_COLOR, even '0', turns colours on).
  const { FORCE_COLOR: _, ...env } = process.env;
  const options = { cwd: dir, env: { ...env, NO_COLOR: '1' } };
  try {
    const { stdout } = await run(KNIP, ['--no-progress', '--no-config-hints'], options);
    return { code: 0, output: stripVTControlCharacters(stdout) };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return { code, output: stripVTControlCharacters(stdout) };
  }
}

describe('knip in pnpm lint: what nothing uses is refused', () => {
  it('fails on an export no other file imports, even one its own file uses', async () => {
    const { code, output } = await knipOver(
      'export const used = 1;\nexport const onlyHere = 2;\nexport const twice = onlyHere * 2;\nconsole.log(twice);\n',
    );
    expect(code).toBe(1);
    expect(output).toContain('Unused exports (2)');
    expect(output).toMatch(/onlyHere\s+src\/lib\.ts/);
    expect(output).toMatch(/twice\s+src\/lib\.ts/);
  });

  it('passes when every export is imported elsewhere', async () => {
    expect(await knipOver('export const used = 1;\n')).toEqual({ code: 0, output: '' });
  });
});
