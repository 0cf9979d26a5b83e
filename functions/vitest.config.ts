import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'functions',
    include: ['src/**/*.test.ts'],
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
