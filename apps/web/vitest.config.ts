import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // A test's first render loads its page's modules through Vite's transform, seconds on a busy 2-core
    // machine (a prerender and a hydration in boot.test.tsx took more than 5 s so): a bound, not a wait.
    testTimeout: 20_000,
  },
});
