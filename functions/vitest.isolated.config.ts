import { defineConfig } from 'vitest/config';
import { isolatedFiles, unitTest } from './vitest.config.js';

/** The unit files that change the environment, mocks or the clock: each in a fresh module graph. */
export default defineConfig({
  test: {
    ...unitTest,
    name: 'functions-isolated',
    include: isolatedFiles,
  },
});
