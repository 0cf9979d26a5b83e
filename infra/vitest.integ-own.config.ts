import { defineConfig } from 'vitest/config';
import { integrationTest, ownStackFiles } from './vitest.integ.config.js';

/**
 * The integration files that need a stack of their own (`ownStackFiles`): each file in a fresh
 * module graph, its `startTestStack()` a new table on a product not installed yet.
 */
export default defineConfig({
  test: {
    ...integrationTest,
    name: 'infra-integ-own',
    include: ownStackFiles,
    env: { ...integrationTest.env, BTP_TEST_STACK: 'own' },
  },
});
