import { defineConfig } from 'vitest/config';
import unit from './vitest.config.js';

// Node 20 is supported here on purpose (CI); the SDK's notice about Node 22 is in the README.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export default defineConfig({
  test: {
    name: 'functions-integ',
    include: ['src/**/*.integ.test.ts'],
    env: unit.test?.env,
    globalSetup: ['test/harness/dynamo-global-setup.ts'],
    setupFiles: unit.test?.setupFiles,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
