import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// A newcomer follows the README on a fresh machine: the pnpm it installs must be the one the workspace
// pins, or pnpm refuses to run (a newer 10.x once did).
const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const pinned = (JSON.parse(read('package.json')) as { packageManager: string }).packageManager;

describe('the README on a fresh machine', () => {
  it('pins packageManager to an exact pnpm release', () => {
    expect(pinned).toMatch(/^pnpm@\d+\.\d+\.\d+$/);
  });

  it('installs exactly the pinned pnpm, and no other pnpm install command', () => {
    const installs = read('README.md').match(/npm install -g pnpm@\S+?(?=[`\s])/g) ?? [];
    expect(installs).toEqual([`npm install -g ${pinned}`]);
  });

  it('has CI install the pnpm the workspace pins, as the README says', () => {
    const ci = read('.ci/run');
    expect(ci).toContain('packageManager');
    expect(ci).not.toMatch(/pnpm@\d/);
  });
});
