import { defineConfig } from 'vitest/config';
import { integTest, isolatedIntegFiles } from './vitest.integ.config.js';

/** The integration files that change the environment, mocks or the module graph: each in a fresh one. */
export default defineConfig({
  test: {
    ...integTest,
    name: 'functions-integ-isolated',
    include: isolatedIntegFiles,
  },
});
