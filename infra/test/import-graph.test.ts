import { readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/bundling.js';

/**
 * The import graph of the code that runs (tests aside): no module imports itself through others,
 * the functions' data layer imports nothing above it, and every function's module (a route's, a
 * job's) installs the company aggregates into the data layer's transactions. Type-only imports count too: they are
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
  // madge parses ~490 files (typescript-estree) and resolves their imports: ~18 s of CPU. On a
  // 2-core machine shared with other work (load average 12 to 25) the worker got a quarter of a
  // core and the read took 105–215 s, past the 60 s this hook had. No assertion is about time.
}, 240_000);

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

  it('installs the aggregates where every function starts: each handler reaches aggregates/install.ts', () => {
    const install = 'functions/src/aggregates/install.ts';
    const reaches = (start: string): boolean => {
      const seen = new Set([start]);
      const stack = [start];
      for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
        if (file === install) return true;
        for (const next of graph[file] ?? []) {
          if (!seen.has(next)) {
            seen.add(next);
            stack.push(next);
          }
        }
      }
      return false;
    };
    const handlers = Object.keys(graph).filter((file) => file.startsWith('functions/src/handlers/'));
    expect(handlers.length).toBeGreaterThan(50);
    expect(handlers.filter((file) => !reaches(file))).toEqual([]);
  });

  it('gives zod its French messages wherever a module builds schemas with zod itself', () => {
    // `lib/http.ts` no longer loads zod (a list route starts without it, issue 27): each module that
    // imports zod's values (not through `shared/src/lazy-zod.ts`) imports `zod-fr` itself.
    const valueImportOfZod = /^import (?!type )[^;]*from 'zod';/m;
    const french = /^import '(?:@btp\/shared|\.{1,2})\/(?:[\w./-]*\/)?zod-fr(?:\.js)?';/m;
    const missing = Object.keys(graph).filter((file) => {
      if (!/^(functions|shared)\/src\//.test(file) || file.endsWith('/zod-fr.ts')) return false;
      const source = readFileSync(path.join(repoRoot, file), 'utf8');
      return valueImportOfZod.test(source) && !french.test(source);
    });
    expect(missing).toEqual([]);
  });
});
