import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.js';

// Chosen once in the main process; workers inherit them through the environment.
process.env.E2E_PORT ??= String(4100 + Math.floor(Math.random() * 800));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'btp-e2e-'));
// A second stack started with DEMO=1: the demo company, for demo-data.spec.ts.
process.env.E2E_DEMO_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_DEMO_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'btp-e2e-demo-'));
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
const demoURL = `http://localhost:${process.env.E2E_DEMO_PORT}`;
const launchOptions = await chromiumLaunchOptions();
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions };
const mobile = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  launchOptions,
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]]
    : [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions,
  },
  // foundation.spec.ts asserts a product not installed yet; the other specs install it on the shared
  // server. So the 'fresh' projects run it first, on both viewports, and the others wait for them.
  projects: [
    { name: 'fresh-desktop', testMatch: 'foundation.spec.ts', use: desktop },
    { name: 'fresh-mobile', testMatch: 'foundation.spec.ts', use: mobile },
    {
      name: 'desktop',
      testIgnore: ['foundation.spec.ts', 'demo-data.spec.ts'],
      dependencies: ['fresh-desktop', 'fresh-mobile'],
      use: desktop,
    },
    {
      name: 'mobile',
      testIgnore: ['foundation.spec.ts', 'demo-data.spec.ts'],
      dependencies: ['fresh-desktop', 'fresh-mobile'],
      use: mobile,
    },
    { name: 'demo-desktop', testMatch: 'demo-data.spec.ts', use: { ...desktop, baseURL: demoURL } },
    { name: 'demo-mobile', testMatch: 'demo-data.spec.ts', use: { ...mobile, baseURL: demoURL } },
  ],
  // The product exactly as a person starts it: `npm start`, on a free port and a fresh DATA_DIR. The
  // servers start one after the other, so only the first one builds the SPA when it is stale.
  webServer: [
    {
      command: 'npm start',
      cwd: '..',
      url: `${baseURL}/api/health`,
      env: { PORT: process.env.E2E_PORT, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      name: 'demo',
      command: 'npm start',
      cwd: '..',
      // Ready once the demo company is loaded: the stack answers /api/health before that.
      wait: { stdout: /BTP Gestion est prêt/ },
      env: {
        PORT: process.env.E2E_DEMO_PORT,
        DATA_DIR: process.env.E2E_DEMO_DATA_DIR,
        DEMO: '1',
        LOG_LEVEL: 'warn',
      },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
