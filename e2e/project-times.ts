import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

type Sum = { tests: number; ms: number };

const add = (sums: Map<string, Sum>, key: string, ms: number) => {
  const sum = sums.get(key) ?? { tests: 0, ms: 0 };
  sums.set(key, { tests: sum.tests + 1, ms: sum.ms + ms });
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

/**
 * After the run: each project's tests and their time added up, and the ten files that took longest (two
 * workers run tests side by side, so these add to more than the wall clock). Reported, never asserted.
 */
export default class ProjectTimes implements Reporter {
  private readonly projects = new Map<string, Sum>();
  private readonly files = new Map<string, Sum>();

  onTestEnd(test: TestCase, result: TestResult) {
    add(this.projects, test.parent.project()?.name ?? '?', result.duration);
    add(this.files, test.location.file.replace(/^.*\/tests\//, ''), result.duration);
  }

  onEnd() {
    for (const [name, { tests, ms }] of this.projects)
      console.log(`[project] ${name.padEnd(12)} ${String(tests).padStart(4)} tests ${seconds(ms)}`);
    const slowest = [...this.files].sort((a, b) => b[1].ms - a[1].ms).slice(0, 10);
    for (const [file, { tests, ms }] of slowest)
      console.log(`[file]    ${file.padEnd(34)} ${String(tests).padStart(4)} tests ${seconds(ms)}`);
  }
}
