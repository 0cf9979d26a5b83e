import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.js';

/**
 * Two products, each exactly as a person starts it (`npm start` on a free port and a fresh
 * DATA_DIR): one installed by the journeys themselves (foundation.spec.ts), which the desktop and the
 * phone share (every journey makes its own company), and one started with DEMO=1 for the demo
 * company. The desktop runs every journey; the phone (a 390 px touch screen) runs the tests tagged
 * `@phone`: what a phone shows differently (cards instead of tables, full-screen dialogs, the
 * drawer, the file picker, each screen's and dialog's accessibility and width). See docs/testing.md.
 */
interface Server {
  name: string;
  port: string;
  dataDir: string;
}

// Chosen once in the main process; workers inherit them through the environment.
process.env.E2E_PORT ??= String(4100 + Math.floor(Math.random() * 800));
const firstPort = Number(process.env.E2E_PORT);
function server(name: string, offset: number): Server {
  const key = `E2E_${name.toUpperCase()}`;
  const port = (process.env[`${key}_PORT`] ??= String(firstPort + offset));
  const dataDir = (process.env[`${key}_DATA_DIR`] ??= mkdtempSync(join(tmpdir(), `btp-e2e-${name}-`)));
  return { name, port, dataDir };
}
const appServer = server('app', 0);
const demoServer = server('demo', 1);
const urlOf = (target: Server) => `http://localhost:${target.port}`;

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
function webServer(target: Server, extra: Record<string, string> = {}) {
  return {
    name: target.name,
    command: 'npm start',
    cwd: '..',
    // Ready once it prints it is ready (with DEMO=1, after the demo company is loaded).
    wait: { stdout: /BTP Gestion est prêt/ },
    env: {
      PORT: target.port,
      DATA_DIR: target.dataDir,
      LOG_LEVEL: 'warn',
      // scrypt at production cost (~0.9 s a hash on 2 cores) for every sign-in of the suite would
      // cost minutes; the unit tests keep the production cost (functions' passwords.test.ts).
      PASSWORD_HASH_LOG_N: '12',
      // A server lives as long as the run: its table in DynamoDB Local's memory, not in files,
      // costs the JVM about a fifth less CPU per request (docs/performance.md, issue 27 fifth pass).
      DYNAMODB_IN_MEMORY: '1',
      ...extra,
    },
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
  webServer: [webServer(appServer), webServer(demoServer, { DEMO: '1' })],
});
