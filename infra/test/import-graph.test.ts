import path from 'node:path';
import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/bundling.js';

/**
 * The import graph of the code that runs (tests aside): no module imports itself through others,
 * and the functions' data layer imports nothing above it. Type-only imports count too: they are
 * knowledge of the module they name. Read by madge (the same as `npx madge --circular`).
 */
const trees = ['functions/src', 'shared/src', 'infra/lib', 'infra/local/src'];

let graph: Record<string, string[]>;
let cycles: string[][];

beforeAll(async () => {
  const result = await madge(
    trees.map((tree) => path.join(repoRoot, tree)),
    {
      baseDir: repoRoot,
      fileExtensions: ['ts'],
      excludeRegExp: [/\.test\.ts$/, /\.d\.ts$/, /[/\\]test-support[/\\]/],
      tsConfig: path.join(repoRoot, 'tsconfig.base.json'),
    },
  );
  graph = result.obj();
  cycles = result.circular();
}, 60_000);

describe('the import graph', () => {
  it('reads every tree (functions, shared, infra)', () => {
    for (const tree of trees) {
      expect(Object.keys(graph).filter((file) => file.startsWith(`${tree}/`)).length, tree).toBeGreaterThan(
        3,
      );
    }
  });

  it('has no cycle', () => {
    expect(cycles.map((cycle) => [...cycle, cycle[0]].join(' → '))).toEqual([]);
  });

  it('keeps the data layer below what uses it: functions/src/data imports only data/ and lib/', () => {
    const outward = Object.entries(graph).flatMap(([file, imports]) =>
      file.startsWith('functions/src/data/')
        ? imports
            .filter((target) => !/^functions\/src\/(data|lib)\//.test(target))
            .map((target) => `${file} → ${target}`)
        : [],
    );
    expect(outward).toEqual([]);
  });
});
