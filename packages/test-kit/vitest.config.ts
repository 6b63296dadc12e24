import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'test-kit', environment: 'node' },
});
