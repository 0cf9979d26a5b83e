import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'infra',
    include: ['test/**/*.test.ts', 'local/**/*.test.ts'],
    // The integration tests: vitest.integ.config.ts, with their shared DynamoDB Local.
    exclude: [...configDefaults.exclude, 'local/**/*.integ.test.ts'],
    // aws-cdk-lib and cdk-nag take seconds to import: once per worker, not once per file. The files
    // share no module state (each synthesizes its own App; no vi.mock).
    isolate: false,
    // Synthesizing a stack bundles every Lambda function with esbuild.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
