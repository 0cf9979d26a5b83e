import { defineConfig } from 'vitest/config';
import { unitTest } from './vitest.config.js';

// Node 20 is supported here on purpose (CI); the SDK's notice about Node 22 is in the README.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * The integration files that change what other files would see: the environment read once by
 * `config()` (`SESSION_KEY`), module mocks or a fresh module graph (`vi.resetModules`), the AWS
 * clients' prototypes (`aws-sdk-client-mock`). They run in the `functions-integ-isolated` project
 * (vitest.integ-isolated.config.ts), each file in a fresh module graph; every other integration file
 * shares one module graph per worker (`isolate: false`): the functions and the AWS SDK load once per
 * worker, not once per file. A new integration file that does any of the above goes in this list.
 */
export const isolatedIntegFiles = [
  'src/aggregates/install.integ.test.ts',
  'src/authorizer/authenticate.integ.test.ts',
  'src/sending/send-reads.integ.test.ts',
];

/** What both integration projects share. */
export const integTest = {
  env: unitTest.env,
  // One DynamoDB Local per Vitest worker for the run (infra/local/test/shared-dynamo.ts), each with
  // the `btp-test` table; the worker setup points the worker's functions at its own engine.
  globalSetup: ['test/harness/dynamo-global-setup.ts'],
  setupFiles: ['test/harness/dynamo-worker-setup.ts', ...unitTest.setupFiles],
  testTimeout: 60_000,
  hookTimeout: 90_000,
};

export default defineConfig({
  test: {
    ...integTest,
    name: 'functions-integ',
    include: ['src/**/*.integ.test.ts'],
    exclude: isolatedIntegFiles,
    isolate: false,
  },
});
