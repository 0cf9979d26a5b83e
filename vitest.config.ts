import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Node 20 is supported here on purpose (CI); the SDK's notice about Node 22 is in the README.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Every workspace's tests in one run (`npm test` calls it); each workspace has its own config. */
export default defineConfig({
  test: {
    // Vitest's default (cores − 1) is one worker on a 2-core machine, where the integration tests
    // spend much of their time waiting on DynamoDB Local: two workers finish ~25 % sooner there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'shared',
      'functions',
      'functions/vitest.isolated.config.ts',
      'functions/vitest.integ.config.ts',
      'functions/vitest.integ-isolated.config.ts',
      'infra',
      'infra/vitest.integ.config.ts',
      'infra/vitest.integ-own.config.ts',
      'frontend',
    ],
  },
});
