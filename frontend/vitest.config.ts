import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'frontend',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup-tests.ts'],
    unstubGlobals: true,
    restoreMocks: true,
    // The first test of a file also transforms antd and the lazy screens it opens.
    testTimeout: 20_000,
  },
});
