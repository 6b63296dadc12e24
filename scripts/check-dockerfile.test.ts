import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkDockerfile } from './check-dockerfile';

let context: string;
beforeEach(() => {
  context = mkdtempSync(path.join(tmpdir(), 'check-dockerfile-'));
  for (const file of ['package.json', 'scripts/budgets.ts', 'e2e/package.json', 'e2e/spec.ts', 'src/a.ts'])
    write(file, '{}');
});
afterEach(() => rmSync(context, { recursive: true, force: true }));

function write(file: string, content: string): void {
  mkdirSync(path.dirname(path.join(context, file)), { recursive: true });
  writeFileSync(path.join(context, file), content);
}

describe('checkDockerfile', () => {
  it('names the line of a COPY whose source .dockerignore excludes', () => {
    write('.dockerignore', 'scripts\n');
    write('Dockerfile', 'FROM node AS build\nCOPY package.json ./\nCOPY scripts/budgets.ts \\\n  scripts/\n');
    expect(checkDockerfile(context)).toEqual([
      { line: 3, source: 'scripts/budgets.ts', reason: 'is excluded by .dockerignore' },
    ]);
  });

  it('refuses a whole excluded folder and a source missing from the context', () => {
    write('.dockerignore', '**/src\n');
    write('Dockerfile', 'FROM node\nCOPY src/ src/\nCOPY --chown=1000:1000 missing.txt ./\n');
    expect(checkDockerfile(context).map(({ line, reason }) => `${line} ${reason}`)).toEqual([
      '2 is excluded by .dockerignore',
      '3 does not exist in the build context',
    ]);
  });

  it('accepts a file brought back by an exception, a JSON-form COPY and COPY --from', () => {
    write('.dockerignore', 'e2e/*\n!e2e/package.json\n');
    write(
      'Dockerfile',
      'FROM node AS build\nCOPY ["e2e/package.json", "e2e/"]\nCOPY e2e/ e2e/\nFROM node\nCOPY --from=build /repo/dist ./\n',
    );
    expect(checkDockerfile(context)).toEqual([]);
    write('Dockerfile', 'FROM node\nCOPY ["e2e/spec.ts", "e2e/"]\n');
    expect(checkDockerfile(context)).toEqual([
      { line: 2, source: 'e2e/spec.ts', reason: 'is excluded by .dockerignore' },
    ]);
  });

  it('finds every COPY source of the repository Dockerfile in its build context', () => {
    expect(checkDockerfile(fileURLToPath(new URL('..', import.meta.url)))).toEqual([]);
  });
});
