import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { antdStaticCss } from './antd-static-css.js';
import { iconImportsOneByOne } from './src/testing/icon-imports.js';

export default defineConfig({
  plugins: [
    // Test-only: one file per icon instead of the package's index of every icon (icon-imports.ts).
    iconImportsOneByOne(),
    antdStaticCss(),
    react(),
  ],
  test: {
    name: 'frontend',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/react-owner-stacks.ts', 'src/testing/setup-tests.ts'],
    unstubGlobals: true,
    restoreMocks: true,
    // The first test of a file also transforms antd and the lazy screens it opens.
    testTimeout: 20_000,
    // Every file imports antd and the screens: importing them once per worker instead of once per
    // file halves the project's time. Files share no module state (no vi.mock; the setup file
    // cleans the DOM after each test; each test makes its own QueryClient).
    isolate: false,
  },
});
