import { defineConfig } from 'vitest/config';

// Node 20 is supported here on purpose (CI); the SDK's notice about Node 22 is in the README.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * The local stack's integration tests: each file runs the real gateway, handlers and S3 server,
 * against one DynamoDB Local started for the run (`local/test/global-setup.ts`).
 */
export default defineConfig({
  test: {
    name: 'infra-integ',
    include: ['local/**/*.integ.test.ts'],
    globalSetup: ['local/test/global-setup.ts'],
    // Production's scrypt cost (2^17) takes ~0.9 s a hash here, and the files register or sign in
    // ~90 times; passwords.test.ts keeps one test at production strength. See functions' config.ts.
    env: { PASSWORD_HASH_LOG_N: '12' },
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
