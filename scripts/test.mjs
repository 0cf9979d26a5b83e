#!/usr/bin/env node
/**
 * `npm test`: every check, each runner's test counts summed into one closing line
 * `N passed, N failed`. Three phases, each using both cores of a small machine:
 *   1. checks that are not tests, side by side: types (TypeScript 7's tsc -b), format (oxfmt) and
 *      the SPA build (Vite). Each one's output is printed when it ends, so it stays readable;
 *   2. unit + integration + CDK tests (Vitest over every workspace; one DynamoDB Local per worker,
 *      one local stack per worker for the integration files: docs/testing.md);
 *   3. end-to-end (Playwright in Chromium against `npm start`), when the SPA built, with the lint
 *      beside it (oxlint: every lint rule, the type-aware ones included; a core the browser leaves
 *      idle).
 * Only tests count in the closing line; a check that fails counts as one failure, so the line still
 * says the run failed. Every phase runs even when an earlier one failed, so one run shows every
 * problem. Each step's time is printed at the end (docs/performance.md, "npm test").
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eServers, readyLine } from '../e2e/servers.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
/**
 * TypeScript 7 (the compiler in Go) checks the types; `typescript` 5.9 stays installed for the
 * tools that use its JavaScript API (editors). Both provide a `tsc` command, so this one is called
 * by its path.
 */
const typescript7 = join(root, 'node_modules', 'typescript-7', 'bin', 'tsc');
const reports = mkdtempSync(join(tmpdir(), 'btp-test-'));
const env = { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', FORCE_COLOR: '0' };
const runStarted = Date.now();
let passed = 0;
let failed = 0;
const lines = [];

/**
 * Runs one step. `buffered`: its output is held and printed in one piece when it ends (for steps
 * that run beside others); otherwise it streams.
 */
function run(title, command, args, { buffered = false, ...options } = {}) {
  if (!buffered) console.log(`\n▶ ${title}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      ...options,
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const finish = (ok) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (buffered) {
        const text = Buffer.concat(output).toString('utf8').trimEnd();
        console.log(`\n▶ ${title} (${seconds} s)${text ? `\n${text}` : ''}`);
      }
      resolve({ ok, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(String(error)));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

/** A check that is not a test: reported by name and time, counted only when it fails. */
async function check(title, command, args, options) {
  const { ok, seconds } = await run(title, command, args, { buffered: true, ...options });
  if (!ok) failed += 1;
  lines.push(`${ok ? '✔' : '✖'} ${title} (${seconds} s)`);
  return ok;
}

/**
 * The end-to-end tests' two servers (`npm start`, e2e/servers.mjs) start as soon as the SPA is
 * built: their start (a JVM each, the local stack, the demo company's load) then uses the core that
 * the types' check leaves idle after the build, and goes on beside Vitest, instead of holding the
 * browser tests back by ~25 s with a core partly idle. Playwright finds them up
 * (E2E_SERVERS_STARTED=1). Their output is kept and printed when the browser tests begin, then
 * streamed, as Playwright prints the servers it starts itself.
 */
const servers = [];
let streamServers = false;
function startServer(server) {
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...env, ...server.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const held = [];
  const show = (chunk) => {
    const text = chunk.toString('utf8').replace(/\n$/, '');
    const prefixed = text.replace(/^/gm, `[${server.name}] `);
    if (streamServers) console.log(prefixed);
    else held.push(prefixed);
  };
  const entry = { server, child, held, exited: false };
  entry.ready = new Promise((resolve) => {
    let seen = '';
    let settled = false;
    const settle = (ok) => {
      if (!settled) resolve(ok);
      settled = true;
    };
    child.stdout.on('data', (chunk) => {
      show(chunk);
      seen = `${seen}${chunk}`.slice(-4_096);
      if (readyLine.test(seen)) settle(true);
    });
    child.stderr.on('data', show);
    child.on('error', (error) => {
      show(Buffer.from(String(error)));
      settle(false);
    });
    child.on('exit', () => {
      entry.exited = true;
      settle(false);
    });
  });
  servers.push(entry);
}
/** Signals every server's process group (npm, the local stack, its JVM and mail server). */
function signalServers(signal) {
  for (const entry of servers) {
    if (entry.exited) continue;
    try {
      process.kill(-entry.child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}
/** Stops the servers and waits for them (killed after 15 s if a stop hangs). */
async function stopServers() {
  signalServers('SIGTERM');
  const late = setTimeout(() => signalServers('SIGKILL'), 15_000);
  await Promise.all(
    servers.map(
      (entry) => new Promise((resolve) => (entry.exited ? resolve() : entry.child.once('exit', resolve))),
    ),
  );
  clearTimeout(late);
}
process.on('exit', () => signalServers('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    signalServers('SIGTERM');
    process.exit(130);
  });
}

const [, , built] = await Promise.all([
  // One thread: TypeScript 7 otherwise runs 4 type checkers per project and several projects at once,
  // each checker re-deriving the same library types. Beside the format check and Vite on 2 cores there is no
  // idle core for those threads to use: one thread checks the same with ~60 % less CPU
  // (docs/performance.md, "Phase 1 and Vitest's scheduling").
  check('Types (TypeScript 7, tsc -b)', process.execPath, [typescript7, '-b', '--singleThreaded']),
  // oxfmt (the Oxc project's formatter, native): the output of Prettier with the same options
  // (`.oxfmtrc.json`, `.prettierignore`), for ~2 s of CPU where `prettier --check .` took ~55 s
  // (docs/performance.md, "Issue 27, fifth pass").
  check('Format (oxfmt)', bin('oxfmt'), ['--check']),
  check('SPA build (Vite)', bin('vite'), ['build', '--logLevel', 'warn'], {
    cwd: join(root, 'frontend'),
  }).then((ok) => {
    if (ok) for (const server of Object.values(e2eServers())) startServer(server);
    return ok;
  }),
]);

/**
 * CI keeps only the end of what is printed: the failed Vitest tests are repeated just before the
 * closing lines (file, name, the first lines of the failure), so a failure is never out of view.
 */
const vitestFailures = [];
function failuresOf(report) {
  const found = [];
  for (const file of report.testResults ?? []) {
    const path = String(file.name ?? '').replace(root, '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      const message = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 12).join('\n');
      found.push(`✖ ${path} › ${test.fullName}\n${message.slice(0, 1_500)}`);
    }
    if (failedTests.length === 0 && file.status === 'failed') {
      found.push(`✖ ${path} (did not run)\n${String(file.message ?? '').slice(0, 1_500)}`);
    }
  }
  return found;
}

/** Vitest over every workspace. */
async function vitestPhase(buffered) {
  const vitestReport = join(reports, 'vitest.json');
  const vitest = await run(
    'Unit, integration and CDK tests (Vitest)',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    { buffered },
  );
  if (existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
    passed += report.numPassedTests;
    // A file that fails to load has no failed test of its own: count the run once as failed.
    const bad = report.numFailedTests + (vitest.ok || report.numFailedTests ? 0 : 1);
    failed += bad;
    lines.push(
      `${vitest.ok ? '✔' : '✖'} Vitest: ${report.numPassedTests} passed, ${bad} failed (${vitest.seconds} s)`,
    );
    vitestFailures.push(...failuresOf(report));
  } else {
    failed += 1;
    lines.push(`✖ Vitest did not report (${vitest.seconds} s)`);
  }
}

/** Playwright against `npm start` (e2e/playwright.config.ts). */
async function e2ePhase() {
  const e2eReport = join(reports, 'playwright.json');
  console.log('\n▶ End-to-end servers (npm start, started after the SPA build)');
  for (const entry of servers) if (entry.held.length > 0) console.log(entry.held.join('\n'));
  streamServers = true;
  const up = await Promise.all(
    servers.map((entry) =>
      Promise.race([entry.ready, new Promise((resolve) => setTimeout(resolve, 180_000, false).unref())]),
    ),
  );
  const down = servers.filter((_, index) => !up[index]).map((entry) => entry.server.name);
  if (down.length > 0) {
    failed += 1;
    lines.push(
      `✖ Playwright not run: the end-to-end server ${down.join(', ')} did not start (its output is above)`,
    );
    return;
  }
  // The ports and folders e2eServers() chose, so that Playwright's config finds the same servers.
  const chosen = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('E2E_')));
  const e2e = await run('End-to-end tests (Playwright, Chromium)', bin('playwright'), ['test'], {
    cwd: join(root, 'e2e'),
    env: { ...env, ...chosen, E2E_SERVERS_STARTED: '1', E2E_JSON_REPORT: e2eReport },
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
}

// Vitest keeps both cores busy (beside the browser tests, both took as long as one after the other).
// The browser tests leave most of a core idle while pages load: the lint runs beside them.
await vitestPhase(false);
const lint = check('Lint (oxlint, with types)', bin('oxlint'), ['--type-aware', '--deny-warnings']);
if (built) await e2ePhase();
else {
  failed += 1;
  lines.push('✖ Playwright not run: the SPA did not build');
}
await stopServers();
await lint;

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

if (vitestFailures.length > 0) console.log(`\n▶ Failed Vitest tests\n${vitestFailures.join('\n\n')}`);
const minutes = ((Date.now() - runStarted) / 60_000).toFixed(1);
console.log(`\n${lines.join('\n')}\nWhole run: ${minutes} min`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
