import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The property tests run thousands of cases: a second or two here, more on a busy 2-core runner.
  test: { name: 'shared', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
