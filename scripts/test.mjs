#!/usr/bin/env node
/**
 * `npm test`: every check, in order, each runner's counts summed into one closing line
 * `N passed, N failed`. Steps: types (tsc -b), lint (ESLint + Prettier), unit + integration + CDK
 * (Vitest over every workspace, DynamoDB Local and the S3 server started by the tests themselves),
 * the SPA build, then end-to-end (Playwright in Chromium against `npm start`).
 * Every step runs even when an earlier one failed, so one run shows every problem.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'btp-test-'));
const env = { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', FORCE_COLOR: '0' };
let passed = 0;
let failed = 0;
const lines = [];

function run(title, command, args, options = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env, ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds };
}

function check(title, command, args, options) {
  const { ok, seconds } = run(title, command, args, options);
  if (ok) passed += 1;
  else failed += 1;
  lines.push(`${ok ? '✔' : '✖'} ${title} (${seconds} s)`);
  return ok;
}

check('Types (tsc -b)', bin('tsc'), ['-b']);
check('Lint (ESLint)', bin('eslint'), ['.', '--max-warnings', '0']);
check('Format (Prettier)', bin('prettier'), ['--check', '.', '--log-level', 'warn']);

const vitestReport = join(reports, 'vitest.json');
const vitest = run('Unit, integration and CDK tests (Vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  // A file that fails to load has no failed test of its own: count the run once as failed.
  const bad = report.numFailedTests + (vitest.ok || report.numFailedTests ? 0 : 1);
  failed += bad;
  lines.push(
    `${vitest.ok ? '✔' : '✖'} Vitest: ${report.numPassedTests} passed, ${bad} failed (${vitest.seconds} s)`,
  );
} else {
  failed += 1;
  lines.push(`✖ Vitest did not report (${vitest.seconds} s)`);
}

const built = check('SPA build (Vite)', bin('vite'), ['build', '--logLevel', 'warn'], {
  cwd: join(root, 'frontend'),
});

if (built) {
  const e2eReport = join(reports, 'playwright.json');
  const e2e = run('End-to-end tests (Playwright, Chromium)', bin('playwright'), ['test'], {
    cwd: join(root, 'e2e'),
    env: { ...env, E2E_JSON_REPORT: e2eReport },
  });
  if (existsSync(e2eReport)) {
    const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
    const ok = stats.expected + stats.flaky;
    const bad = stats.unexpected + (e2e.ok || stats.unexpected ? 0 : 1);
    passed += ok;
    failed += bad;
    lines.push(`${e2e.ok ? '✔' : '✖'} Playwright: ${ok} passed, ${bad} failed (${e2e.seconds} s)`);
    if (!e2e.ok) printPageSnapshots(join(root, 'e2e', 'test-results'));
  } else {
    failed += 1;
    lines.push(`✖ Playwright did not report (${e2e.seconds} s)`);
  }
} else {
  failed += 1;
  lines.push('✖ Playwright not run: the SPA did not build');
}

rmSync(reports, { recursive: true, force: true });

/**
 * CI keeps only what is printed: for each failed end-to-end test, the page as Playwright saw it
 * when the test failed (its accessibility snapshot, `error-context.md`), cut at 12,000 characters.
 */
function printPageSnapshots(resultsDir) {
  if (!existsSync(resultsDir)) return;
  const files = readdirSync(resultsDir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('error-context.md'));
  for (const name of files) {
    const text = readFileSync(join(resultsDir, name), 'utf8');
    console.log(`\n▶ Page when it failed: e2e/test-results/${name}\n${text.slice(0, 12_000)}`);
  }
}

console.log(`\n${lines.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
