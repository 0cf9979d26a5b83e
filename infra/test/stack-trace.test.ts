import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { sourceMappedStack } from '../../functions/src/lib/stack-trace.js';
import { esbuildOptions, repoRoot } from '../lib/bundling.js';

/**
 * The functions run without `--enable-source-maps` (infra/lib/bundling.ts): a logged error's stack
 * is mapped to the TypeScript sources by the logger, and a trace the runtime printed is decoded
 * offline with the function's `.map` files. Checked on a bundle made with the deployment's build,
 * run by a plain `node` in a folder outside the repository, as Lambda runs it.
 */
const entry = path.join(repoRoot, 'infra/test/fixtures/logged-error.ts');
/** Where `failing()` throws in the fixture: line 8, column 9 (`throw`'s `new Error`). */
const thrownAt = 'infra/test/fixtures/logged-error.ts:8:';

let bundleDir: string;
let output: string;

beforeAll(async () => {
  bundleDir = mkdtempSync(path.join(tmpdir(), 'btp-stack-'));
  await esbuild.build(esbuildOptions(entry, bundleDir));
  const run = spawnSync(process.execPath, [path.join(bundleDir, 'index.mjs')], {
    cwd: bundleDir,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', AWS_REGION: 'eu-west-3', TABLE_NAME: 'table' },
    encoding: 'utf8',
  });
  // The logger writes `error` lines on stderr, the fixture its raw stack on stdout.
  output = `${run.stderr}\n${run.stdout}`;
}, 120_000);

describe('stack traces of a bundled function', () => {
  it('point to the TypeScript source in the log line of an error', () => {
    const logged = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { message: string; error?: { message: string; stack: string } })
      .find((line) => line.message === 'Erreur inattendue');
    expect(logged?.error?.message).toBe('Échec voulu');
    const firstFrame = logged?.error?.stack.split('\n')[1] ?? '';
    expect(firstFrame).toContain(thrownAt);
    expect(firstFrame).not.toContain('index.mjs');
  });

  it('are minified as the runtime prints them, and decoded offline from the .map files', () => {
    const raw = JSON.parse(/^RAW (.*)$/m.exec(output)?.[1] ?? '""') as string;
    const firstFrame = raw.split('\n')[1] ?? '';
    expect(firstFrame).toMatch(/index\.mjs:\d+:\d+/);
    const elsewhere = raw.replaceAll(`file://${bundleDir}`, 'file:///var/task');
    expect(sourceMappedStack(elsewhere, bundleDir).split('\n')[1]).toContain(thrownAt);
  });
});
