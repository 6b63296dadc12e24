// `pnpm test`: every check, one phase after the other, stopping at the first that fails; then each phase's
// time, so that a closing note can say what an issue added (times are reported, never asserted).
import { spawnSync } from 'node:child_process';

const PHASES: [name: string, command: string, args: string[]][] = [
  ['lint', 'pnpm', ['lint']],
  ['typecheck', 'pnpm', ['typecheck']],
  ['vitest', 'pnpm', ['exec', 'vitest', 'run']],
  ['web build', 'pnpm', ['--filter', '@portal/web', 'build']],
  ['playwright', 'pnpm', ['--filter', '@portal/e2e', 'exec', 'playwright', 'test']],
  ['budgets', 'node', ['--import', 'tsx', 'scripts/check-budgets.ts']],
];

const times: [string, number][] = [];
const report = () => {
  for (const [name, ms] of times)
    console.log(`[phase] ${name.padEnd(10)} ${(ms / 1000).toFixed(1).padStart(7)} s`);
};
for (const [name, command, args] of PHASES) {
  const started = performance.now();
  const { status, signal } = spawnSync(command, args, { stdio: 'inherit' });
  times.push([name, performance.now() - started]);
  if (status !== 0) {
    report();
    console.error(
      `FAIL: ${name} (\`${[command, ...args].join(' ')}\`) ended with ${signal ?? `exit ${status}`}`,
    );
    process.exit(status ?? 1);
  }
}
report();
