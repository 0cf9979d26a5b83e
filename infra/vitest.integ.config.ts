import { defineConfig } from 'vitest/config';

// Node 20 is supported here on purpose (CI); the SDK's notice about Node 22 is in the README.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * The files that need a product not installed yet (the first-run setup, the demo data) or start
 * stacks of their own (the launcher, DynamoDB Local's shutdown): each runs alone, with a stack of its
 * own (vitest.integ-own.config.ts). Every other integration file shares its worker's stack.
 */
export const ownStackFiles = [
  'local/test/accounts.integ.test.ts',
  'local/test/demo.integ.test.ts',
  'local/test/local-stack.integ.test.ts',
  'local/test/dynamodb-shutdown.integ.test.ts',
];

/** What both integration projects share. */
export const integrationTest = {
  globalSetup: ['local/test/global-setup.ts'],
  // Production's scrypt cost (2^17) takes ~0.9 s a hash here, and the files register or sign in
  // ~90 times; passwords.test.ts keeps one test at production strength. See functions' config.ts.
  env: { PASSWORD_HASH_LOG_N: '12' },
  testTimeout: 60_000,
  hookTimeout: 90_000,
};

/**
 * The local stack's integration tests: the real gateway, handlers, S3 server and MailDev, against
 * one DynamoDB Local started for the run (`local/test/global-setup.ts`). The files of a worker
 * share one stack (`startTestStack()`, `BTP_TEST_STACK=shared`) and one module graph
 * (`isolate: false`): the handlers are loaded and the servers started once per worker, not per
 * file. docs/testing.md says how a new file gets its stack and its records.
 */
export default defineConfig({
  test: {
    ...integrationTest,
    name: 'infra-integ',
    include: ['local/**/*.integ.test.ts'],
    exclude: ownStackFiles,
    isolate: false,
    env: { ...integrationTest.env, BTP_TEST_STACK: 'shared' },
  },
});
