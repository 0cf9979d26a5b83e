import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'functions',
    // Some unit tests load heavy modules on first use (the Factur-X stylesheets, pdfkit, every handler
    // module): a second or two here, more on a busy 2-core CI runner, where the 5 s default failed one.
    testTimeout: 30_000,
    include: ['src/**/*.test.ts'],
    // Writes carry the company aggregates, as in every handler (`src/aggregates/install.ts`).
    setupFiles: ['src/aggregates/install.ts'],
    exclude: ['src/**/*.integ.test.ts'],
    env: {
      TABLE_NAME: 'btp-test',
      AWS_REGION: 'eu-west-3',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      LOG_LEVEL: 'silent',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
  },
});
