import { defineConfig, devices } from '@playwright/test';
import { e2eServers, readyLine, type E2eServer } from './servers.mjs';
import { chromiumLaunchOptions } from './support/chromium.js';

/**
 * Two products, each exactly as a person starts it (`npm start` on a free port and a fresh
 * DATA_DIR): one installed by the journeys themselves (foundation.spec.ts), which the desktop and the
 * phone share (every journey makes its own company), and one started with DEMO=1 for the demo
 * company. The desktop runs every journey; the phone (a 390 px touch screen) runs the tests tagged
 * `@phone`: what a phone shows differently (cards instead of tables, full-screen dialogs, the
 * drawer, the file picker, each screen's and dialog's accessibility and width). See docs/testing.md.
 */
type Server = E2eServer;
const { app: appServer, demo: demoServer } = e2eServers();
const urlOf = (target: Server) => target.url;

const launchOptions = await chromiumLaunchOptions();
const desktop = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions,
  baseURL: urlOf(appServer),
};
const mobile = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  launchOptions,
  baseURL: urlOf(appServer),
};
/** The phone runs only the tests tagged `@phone` (`test(title, { tag: '@phone' }, …)`). */
const phoneOnly = /@phone/;
/** `test.info().project.metadata.dataDir`: where a test finds its server's setup token. */
const metadataOf = (target: Server) => ({ dataDir: target.dataDir });

/** The product as `npm start` runs it. Only the first server builds the SPA when it is stale. */
function webServer(target: Server) {
  return {
    name: target.name,
    command: 'npm start',
    cwd: '..',
    // Ready once it prints it is ready (with DEMO=1, after the demo company is loaded).
    wait: { stdout: readyLine },
    env: target.env,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Two journeys at a time (the desktop's and the phone's, or two files of one project): each makes
  // its own company.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]]
    : [['list']],
  outputDir: './test-results',
  use: {
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // The product then switches antd's motion off (providers.tsx): no frames drawn for zooms and
    // fades, which on 2 cores cost the browser more than the pages themselves.
    reducedMotion: 'reduce',
    // Recording a trace costs the browser a third of its time on 2 cores, and CI keeps only what is
    // printed (npm test prints each failed test's page snapshot, made without a trace). To keep the
    // traces of failed tests locally: E2E_TRACE=retain-on-failure npm run test:e2e.
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure' | 'on-first-retry',
    launchOptions,
  },
  // foundation.spec.ts asserts a product not installed yet (the phone first, read only), then
  // installs it through the setup screen; every other journey waits for it.
  projects: [
    {
      name: 'fresh-mobile',
      testMatch: 'foundation.spec.ts',
      grep: phoneOnly,
      use: mobile,
      metadata: metadataOf(appServer),
    },
    {
      name: 'fresh-desktop',
      testMatch: 'foundation.spec.ts',
      dependencies: ['fresh-mobile'],
      use: desktop,
      metadata: metadataOf(appServer),
    },
    {
      name: 'desktop',
      testIgnore: ['foundation.spec.ts', 'demo-data.spec.ts'],
      dependencies: ['fresh-desktop'],
      use: desktop,
      metadata: metadataOf(appServer),
    },
    {
      name: 'mobile',
      testIgnore: ['foundation.spec.ts', 'demo-data.spec.ts'],
      grep: phoneOnly,
      dependencies: ['fresh-desktop'],
      use: mobile,
      metadata: metadataOf(appServer),
    },
    {
      name: 'demo-desktop',
      testMatch: 'demo-data.spec.ts',
      use: { ...desktop, baseURL: urlOf(demoServer) },
      metadata: metadataOf(demoServer),
    },
    {
      name: 'demo-mobile',
      testMatch: 'demo-data.spec.ts',
      grep: phoneOnly,
      use: { ...mobile, baseURL: urlOf(demoServer) },
      metadata: metadataOf(demoServer),
    },
  ],
  // `npm test` starts both servers itself, early, while the types are checked and the unit tests run
  // (scripts/test.mjs); `npx playwright test` alone starts them here.
  webServer: process.env.E2E_SERVERS_STARTED === '1' ? [] : [webServer(appServer), webServer(demoServer)],
});
