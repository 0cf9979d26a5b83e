import { defineConfig } from 'vitest/config';

/** Every workspace's tests in one run (`npm test` calls it); each workspace has its own config. */
export default defineConfig({
  test: {
    projects: ['shared', 'functions', 'infra', 'frontend'],
  },
});
