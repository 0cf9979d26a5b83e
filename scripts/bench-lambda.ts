/**
 * `npm run bench:lambda`: the size of every Lambda function's bundle and its cold import time, against
 * a baseline that imports only the DynamoDB client.
 *
 * 1. Bundles each handler of the route table, the authorizer, the functions that serve no route (the
 *    SES events' handler, the daily reminders job, the e-invoicing sync job, the price-list import worker) and the baseline (a
 *    module importing `@aws-sdk/client-dynamodb` and constructing a `DynamoDBClient`) with the build a
 *    deployment runs (`esbuildOptions` from infra/lib/bundling.ts: `index.mjs` and the chunks split
 *    off at each dynamic `import()`), into `.bench/lambda/`. The bundles sit inside the repository
 *    so that the modules a deployment leaves to the Lambda runtime (the AWS SDK) resolve from
 *    node_modules, as they resolve from the runtime's copy.
 * 2. Imports each bundle's `index.mjs` in a fresh Node process, with the environment the functions
 *    get (no `NODE_OPTIONS`) and the module flags the Lambda Node.js runtime sets, and records the time `await import()`
 *    takes: wall clock, and the CPU time of the process during the import. Each round imports every
 *    target once, with the baseline before every 4 targets and at the end; a target's ratio in a
 *    round is its import over the mean of the baseline's imports just before and after it, and its
 *    ratio is the median of those over the rounds (the baseline's own median moved by 18 % between
 *    two full runs of 7 rounds, and with it every ratio: docs/performance.md). The old figure (the
 *    import's median over the median of the baseline's first import of each round) is printed beside
 *    it.
 * 3. Prints a table and one verdict line per budget (issue 27): what a function loads when it starts
 *    (`index.mjs` and the chunks it imports statically) ≤ 600 kB (1 kB = 1000 bytes), every cold
 *    import ≤ 1.5 × the baseline's, a list route's ≤ 1.3 × (wall-clock medians). The chunks loaded
 *    only by a code path that needs them (`lazy kB`) are shown apart, and so is zod's code in what
 *    a function starts with (`zod kB`, from the metafile), with the list routes that still load it.
 *
 * Options: `--runs=N` (fresh processes per bundle, default 7), `--only=A,B` (functions whose name
 * contains A or B), `--bundle-sdk` (bundle the AWS SDK too, as the stack did before issue 9, to compare),
 * `--import-sdk` (import the runtime's SDK with ES `import` statements, as the stack did before issue
 * 27's eighth pass, the baseline too), `--samples=FILE` (every import's times, in order, as JSON).
 * Exits 0 when budgets are missed (the verdict says so); 1 when a bundle fails to build or to import.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { routes } from '@btp/shared/routes';
import {
  authorizerEntry,
  entryFileName,
  esbuildOptions,
  filesLoadedAtStart,
  handlerEntry,
  repoRoot,
  requiredSdkModules,
  runtimeProvidedModules,
  runtimeSdkLoadedBy,
} from '../infra/lib/bundling.js';
import { einvoicingJobHandler, remindersJobHandler } from '../infra/lib/jobs.js';
import { libraryImportJobHandler } from '../infra/lib/library-imports.js';
import { mailEventsHandler } from '../infra/lib/mail.js';

const SIZE_BUDGET_BYTES = 600_000;
const IMPORT_RATIO_BUDGET = 1.5;
const LIST_IMPORT_RATIO_BUDGET = 1.3;
/** Targets between two imports of the baseline in a round (docs/performance.md `bench:lambda`). */
const BASELINE_EVERY = 4;
/** A list route's handler: `clients/list`, `company/users-list`… */
const isList = (name: string): boolean => /(^|\/|-)list$/.test(name);
/** What the Lambda Node.js 22 runtime turns off (its documented `NODE_OPTIONS` defaults). */
const LAMBDA_RUNTIME_FLAGS = ['--no-experimental-require-module', '--no-experimental-detect-module'];

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = ''] = arg.replace(/^--/, '').split('=');
    return [key, value] as const;
  }),
);
const runs = Number(args.get('runs') ?? 7);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a positive integer, got ${args.get('runs')}`);
const only = args.get('only');
const bundleSdk = args.has('bundle-sdk');
const importSdk = args.has('import-sdk');
const samplesFile = args.get('samples');

const outRoot = path.join(repoRoot, '.bench', 'lambda');
rmSync(outRoot, { recursive: true, force: true });
mkdirSync(outRoot, { recursive: true });

interface Target {
  name: string;
  routes: string[];
  entry: string;
  dir: string;
}

// ---- What to bundle -----------------------------------------------------------------------------
const baselineEntry = path.join(outRoot, 'baseline-entry.mjs');
writeFileSync(
  baselineEntry,
  "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\n\nexport const client = new DynamoDBClient({});\n",
);
const baseline: Target = {
  name: 'baseline (DynamoDB client only)',
  routes: [],
  entry: baselineEntry,
  dir: path.join(outRoot, '_baseline'),
};

const byHandler = new Map<string, string[]>();
for (const route of routes) {
  byHandler.set(route.handler, [...(byHandler.get(route.handler) ?? []), `${route.method} ${route.path}`]);
}
const targets: Target[] = [...byHandler].map(([handler, routeKeys]) => ({
  name: handler,
  routes: routeKeys,
  entry: handlerEntry({ handler }),
  dir: path.join(outRoot, handler),
}));
// The functions that serve no route (btp-stack.ts): their trigger instead of a route.
for (const [handler, trigger] of [
  [mailEventsHandler, 'SES events (EventBridge)'],
  [remindersJobHandler, 'daily schedule (EventBridge)'],
  [einvoicingJobHandler, 'every 15 minutes (EventBridge)'],
  [libraryImportJobHandler, 'import queue (SQS)'],
] as const) {
  targets.push({
    name: handler,
    routes: [trigger],
    entry: handlerEntry({ handler }),
    dir: path.join(outRoot, handler),
  });
}
if (routes.some((route) => route.access !== 'public')) {
  targets.push({
    name: 'authorizer',
    routes: ['every non-public route'],
    entry: authorizerEntry,
    dir: path.join(outRoot, '_authorizer'),
  });
}
const selected = targets.filter(
  (target) => !only || only.split(',').some((text) => target.name.includes(text)),
);
if (selected.length === 0) throw new Error(`no handler matches --only=${only}`);

// ---- Bundle -------------------------------------------------------------------------------------
interface Bundle {
  file: string;
  /** What the function loads when it starts: `index.mjs` and the chunks it imports statically. */
  bytes: number;
  /** The chunks only a dynamic `import()` loads (a code path that needs them). */
  lazyBytes: number;
  mapBytes: number;
  /** Of `bytes`, zod's own code (~105 kB): 0 when the function starts without zod (docs/architecture.md). */
  zodBytes: number;
  /** Packages the bundle imports when it starts instead of carrying them (the runtime's SDK). */
  runtimeImports: string[];
}

async function bundle(target: Target): Promise<Bundle> {
  const result = await esbuild.build({
    ...esbuildOptions(target.entry, target.dir, { bundleSdk, importSdk }),
    metafile: true,
  });
  const outputs = result.metafile.outputs;
  const entry = path.relative(repoRoot, path.join(target.dir, entryFileName));
  const eager = filesLoadedAtStart(result.metafile, entry);
  const code = Object.entries(outputs).filter(([file]) => file.endsWith('.mjs'));
  const sum = (files: [string, { bytes: number }][]) =>
    files.reduce((total, [, output]) => total + output.bytes, 0);
  const runtimeImports = runtimeSdkLoadedBy(result.metafile, eager);
  const zodBytes = [...eager]
    .flatMap((file) => Object.entries(outputs[file]?.inputs ?? {}))
    .filter(([input]) => /(^|\/)node_modules\/zod\//.test(input))
    .reduce((total, [, input]) => total + input.bytesInOutput, 0);
  return {
    file: path.join(repoRoot, entry),
    bytes: sum(code.filter(([file]) => eager.has(file))),
    zodBytes,
    lazyBytes: sum(code.filter(([file]) => !eager.has(file))),
    mapBytes: sum(Object.entries(outputs).filter(([file]) => file.endsWith('.map'))),
    runtimeImports,
  };
}

console.log(`Bundling ${selected.length} functions and the baseline with the deployment's esbuild build`);
console.log(
  `(external: ${bundleSdk ? 'none' : runtimeProvidedModules.join(', ')}` +
    `${bundleSdk || importSdk ? '' : `, required: ${requiredSdkModules.join(' ')}`}; minified; split at dynamic imports)…`,
);
const bundles = new Map<Target, Bundle>();
for (const target of [baseline, ...selected]) bundles.set(target, await bundle(target));

// ---- Import ---------------------------------------------------------------------------------------
const runner = path.join(outRoot, 'import-runner.mjs');
writeFileSync(
  runner,
  `const target = process.argv[2];
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await import(target);
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
process.stdout.write(JSON.stringify({ wall, cpu: (cpu.user + cpu.system) / 1000 }));
`,
);
const nodeFlags = LAMBDA_RUNTIME_FLAGS.filter((flag) => process.allowedNodeEnvironmentFlags.has(flag));
const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  // What a deployed function has (btp-stack.ts), with placeholder names.
  // The functions set no NODE_OPTIONS (infra/lib/bundling.ts): none inherited from this process.
  NODE_OPTIONS: '',
  AWS_REGION: 'eu-west-3',
  TABLE_NAME: 'bench-table',
  LOG_LEVEL: 'info',
  COOKIE_SECURE: 'true',
  // The SDK's notice about Node 20 on stderr is noise here.
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

interface Timing {
  wall: number[];
  cpu: number[];
  /** Per round: the import over the mean of the baseline's imports just before and after it. */
  wallRatio: number[];
  cpuRatio: number[];
  /** The baseline: its first import of each round (what the ratio was computed against until the eighth pass). */
  firstWall: number[];
  firstCpu: number[];
  error?: string;
}
const timings = new Map<Target, Timing>(
  [baseline, ...selected].map((target) => [
    target,
    { wall: [], cpu: [], wallRatio: [], cpuRatio: [], firstWall: [], firstCpu: [] },
  ]),
);
/** Every import, in order, for `--samples=file` (JSON). */
const samples: { round: number; name: string; wall: number; cpu: number }[] = [];

function importOnce(target: Target, round: number): { wall: number; cpu: number } | undefined {
  const timing = timings.get(target) as Timing;
  if (timing.error) return undefined;
  const file = (bundles.get(target) as Bundle).file;
  const child = spawnSync(process.execPath, [...nodeFlags, runner, pathToFileURL(file).href], {
    cwd: repoRoot,
    env: childEnv,
    encoding: 'utf8',
  });
  if (child.status !== 0) {
    timing.error = (child.stderr.split('\n').find((line) => /Error/.test(line)) ?? child.stderr).trim();
    if (target === baseline) throw new Error(`the baseline failed to import: ${timing.error}`);
    return undefined;
  }
  const sample = JSON.parse(child.stdout) as { wall: number; cpu: number };
  timing.wall.push(sample.wall);
  timing.cpu.push(sample.cpu);
  samples.push({ round, name: target.name, ...sample });
  return sample;
}

console.log(
  `Importing each bundle in ${runs} fresh Node ${process.version} processes (${nodeFlags.join(' ')}), ` +
    `the baseline before every ${BASELINE_EVERY} of them and at the end of each round…`,
);
for (let round = 1; round <= runs; round += 1) {
  process.stderr.write(`  round ${round}/${runs}\r`);
  const baselineTiming = timings.get(baseline) as Timing;
  let before = importOnce(baseline, round) as { wall: number; cpu: number };
  baselineTiming.firstWall.push(before.wall);
  baselineTiming.firstCpu.push(before.cpu);
  for (let start = 0; start < selected.length; start += BASELINE_EVERY) {
    const group = selected.slice(start, start + BASELINE_EVERY);
    const measured = group.map((target) => [target, importOnce(target, round)] as const);
    const after = importOnce(baseline, round) as { wall: number; cpu: number };
    for (const [target, sample] of measured) {
      if (!sample) continue;
      const timing = timings.get(target) as Timing;
      timing.wallRatio.push(sample.wall / ((before.wall + after.wall) / 2));
      timing.cpuRatio.push(sample.cpu / ((before.cpu + after.cpu) / 2));
    }
    before = after;
  }
}
process.stderr.write('\n');
if (samplesFile) writeFileSync(samplesFile, JSON.stringify(samples));

// ---- Report ---------------------------------------------------------------------------------------
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
const kB = (bytes: number): string => (bytes / 1000).toFixed(1);
const baselineTiming = timings.get(baseline) as Timing;
const baselineWall = median(baselineTiming.wall);
const baselineCpu = median(baselineTiming.cpu);
const firstBaselineWall = median(baselineTiming.firstWall);

interface Row {
  target: Target;
  bundle: Bundle;
  wall?: number;
  ratio?: number;
  /** The import's median over the median of the baseline's first import of each round. */
  oldRatio?: number;
  cpu?: number;
  cpuRatio?: number;
  error?: string;
}
const rows: Row[] = selected.map((target) => {
  const timing = timings.get(target) as Timing;
  const row: Row = { target, bundle: bundles.get(target) as Bundle };
  if (timing.error) return { ...row, error: timing.error };
  const wall = median(timing.wall);
  const cpu = median(timing.cpu);
  return {
    ...row,
    wall,
    ratio: median(timing.wallRatio),
    oldRatio: wall / firstBaselineWall,
    cpu,
    cpuRatio: median(timing.cpuRatio),
  };
});
rows.sort((a, b) => b.bundle.bytes - a.bundle.bytes);

const header = [
  'function',
  'route',
  'start kB',
  'zod kB',
  'lazy kB',
  'map kB',
  'import ms',
  'ratio',
  'old ratio',
  'CPU ms',
  'CPU ratio',
  'from the runtime',
];
const numeric = (index: number): boolean => index >= 2 && index <= 10;
const baselineBundle = bundles.get(baseline) as Bundle;
const tableRows: string[][] = [
  [
    baseline.name,
    '',
    kB(baselineBundle.bytes),
    kB(baselineBundle.zodBytes),
    kB(baselineBundle.lazyBytes),
    kB(baselineBundle.mapBytes),
    baselineWall.toFixed(1),
    '1.00',
    (baselineWall / firstBaselineWall).toFixed(2),
    baselineCpu.toFixed(1),
    '1.00',
    baselineBundle.runtimeImports.join(' '),
  ],
  ...rows.map((row) => [
    row.target.name,
    row.target.routes.length > 1
      ? `${row.target.routes[0]} +${row.target.routes.length - 1}`
      : (row.target.routes[0] ?? ''),
    kB(row.bundle.bytes),
    kB(row.bundle.zodBytes),
    kB(row.bundle.lazyBytes),
    kB(row.bundle.mapBytes),
    row.wall === undefined ? 'FAILED' : row.wall.toFixed(1),
    row.ratio === undefined ? '' : row.ratio.toFixed(2),
    row.oldRatio === undefined ? '' : row.oldRatio.toFixed(2),
    row.cpu === undefined ? '' : row.cpu.toFixed(1),
    row.cpuRatio === undefined ? '' : row.cpuRatio.toFixed(2),
    row.bundle.runtimeImports.join(' '),
  ]),
];
const widths = header.map((title, index) =>
  Math.max(title.length, ...tableRows.map((cells) => (cells[index] ?? '').length)),
);
const format = (cells: string[]): string =>
  cells
    .map((cell, index) =>
      numeric(index) ? cell.padStart(widths[index] ?? 0) : cell.padEnd(widths[index] ?? 0),
    )
    .join('  ')
    .trimEnd();

const loads = os
  .loadavg()
  .map((load) => load.toFixed(2))
  .join(' ');
console.log();
console.log(
  `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load average ${loads}.`,
);
console.log(
  `import ms: wall-clock median of ${runs} fresh processes (the baseline's: of its ${baselineTiming.wall.length} imports); ` +
    "ratio: the median over the rounds of the import over the mean of the baseline's imports just before and after it " +
    "(the budget); old ratio: the median import over the median of the baseline's first import of each round " +
    '(until the eighth pass of issue 27). CPU ms: CPU time of the process during the import; CPU ratio: as ratio.',
);
console.log(format(header));
for (const cells of tableRows) console.log(format(cells));

const failed = rows.filter((row) => row.error);
const oversized = rows.filter((row) => row.bundle.bytes > SIZE_BUDGET_BYTES);
const budgetOf = (row: Row): number =>
  isList(row.target.name) ? LIST_IMPORT_RATIO_BUDGET : IMPORT_RATIO_BUDGET;
const slow = rows.filter((row) => row.ratio !== undefined && row.ratio > budgetOf(row));
const lists = rows.filter((row) => isList(row.target.name) && row.ratio !== undefined);
const largest = rows[0];
const slowest = [...rows].filter((row) => row.ratio !== undefined).sort((a, b) => b.ratio! - a.ratio!)[0];
console.log();
for (const row of failed) console.log(`FAILED to import ${row.target.name}: ${row.error}`);
console.log(
  `Size budget (what every function loads when it starts ≤ ${SIZE_BUDGET_BYTES / 1000} kB): ` +
    (oversized.length === 0
      ? `met; largest ${largest ? `${largest.target.name} ${kB(largest.bundle.bytes)} kB` : 'none'}.`
      : `MISSED by ${oversized.length} of ${rows.length}: ${oversized.map((row) => `${row.target.name} ${kB(row.bundle.bytes)} kB`).join(', ')}.`),
);
const highestList = [...lists].sort((a, b) => b.ratio! - a.ratio!)[0];
console.log(
  `Import budget (every cold import ≤ ${IMPORT_RATIO_BUDGET} × the baseline's, ${baselineWall.toFixed(1)} ms, in the same round, ` +
    `the ${lists.length} list routes ≤ ${LIST_IMPORT_RATIO_BUDGET} ×): ` +
    (slow.length === 0
      ? `met; highest ${slowest ? `${slowest.target.name} ${slowest.ratio!.toFixed(2)}` : 'none'}` +
        `${highestList ? `, highest list ${highestList.target.name} ${highestList.ratio!.toFixed(2)}` : ''}.`
      : `MISSED by ${slow.length} of ${rows.length}: ${slow
          .sort((a, b) => b.ratio! - a.ratio!)
          .map(
            (row) => `${row.target.name} ${row.ratio!.toFixed(2)}${isList(row.target.name) ? ' (list)' : ''}`,
          )
          .join(', ')}.`),
);
const listsWithZod = rows.filter((row) => isList(row.target.name) && row.bundle.zodBytes > 0);
console.log(
  `zod at start (its code parsed and evaluated at every cold start): ${rows.filter((row) => row.bundle.zodBytes > 0).length} of ${rows.length} functions; ` +
    `list routes: ${listsWithZod.length} of ${rows.filter((row) => isList(row.target.name)).length}` +
    (listsWithZod.length > 0 ? ` (${listsWithZod.map((row) => row.target.name).join(', ')}).` : '.'),
);
if (failed.length > 0) process.exitCode = 1;
