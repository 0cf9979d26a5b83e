import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/bundling.js';
import { type ImportGraph, importCycles, importGraph } from './import-graph.js';

/**
 * The import graph of the code that runs (tests aside): no module imports itself through others,
 * the functions' data layer imports nothing above it, and every function's module (a route's, a
 * job's) installs the company aggregates into the data layer's transactions. Type-only imports count too: they are
 * knowledge of the module they name. Read by TypeScript's scanner and module resolution
 * (`import-graph.ts`: the graph madge gave, for a tenth of its CPU).
 */
const trees = ['functions/src', 'shared/src', 'infra/lib', 'infra/local/src'];

let graph: ImportGraph;
let cycles: string[][];

beforeAll(() => {
  graph = importGraph(
    repoRoot,
    trees,
    [/\.test\.ts$/, /\.d\.ts$/, /[/\\]test-support[/\\]/],
    path.join(repoRoot, 'tsconfig.base.json'),
  );
  cycles = importCycles(graph);
});

describe('how the graph is read', () => {
  it('finds each cycle, a module importing itself included', () => {
    const cyclic = {
      'a.ts': ['b.ts'],
      'b.ts': ['c.ts'],
      'c.ts': ['a.ts', 'd.ts'],
      'd.ts': ['d.ts'],
      'e.ts': ['a.ts'],
    };
    expect(importCycles(cyclic)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
    expect(importCycles({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] })).toEqual([]);
  });

  it('follows type-only imports, re-exports and import(), resolved to the .ts file; not packages, comments, excluded files', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
    try {
      const files: Record<string, string> = {
        'src/main.ts': [
          "import type { A } from './a.js';",
          "export { b } from './b.js';",
          "export * from './c/index.js';",
          "import { z } from 'zod';",
          "// import { d } from './d.js';",
          "import { spec } from './main.test.js';",
          'export const late = async () => (await import("./e.js")).e;',
        ].join('\n'),
        'src/a.ts': 'export type A = string;',
        'src/b.ts': "import { a } from '../lib/f.js';\nexport const b = a;",
        'src/c/index.ts': 'export const c = 1;',
        'src/d.ts': 'export const d = 1;',
        'src/e.ts': 'export const e = 1;',
        'src/main.test.ts': 'export const spec = 1;',
        'lib/f.ts': 'export const a = 1;',
      };
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        writeFileSync(path.join(root, name), text);
      }
      writeFileSync(
        path.join(root, 'tsconfig.json'),
        readFileSync(path.join(repoRoot, 'tsconfig.base.json')),
      );
      const read = importGraph(root, ['src'], [/\.test\.ts$/], path.join(root, 'tsconfig.json'));
      expect(read['src/main.ts']).toEqual(['src/a.ts', 'src/b.ts', 'src/c/index.ts', 'src/e.ts']);
      // A module outside the trees that one of theirs imports is read too.
      expect(read['src/b.ts']).toEqual(['lib/f.ts']);
      expect(Object.keys(read).sort()).toEqual([
        'lib/f.ts',
        'src/a.ts',
        'src/b.ts',
        'src/c/index.ts',
        'src/d.ts',
        'src/e.ts',
        'src/main.ts',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

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
