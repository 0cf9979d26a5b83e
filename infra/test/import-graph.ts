import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Each module (path relative to the repository) and the modules of the repository it imports. */
export type ImportGraph = Record<string, string[]>;

/**
 * The import graph of the TypeScript modules under `trees` (folders relative to `root`) and of the
 * repository's modules they import, `exclude`d files left out: every relative import, type-only
 * imports, re-exports and `import()` included, resolved as TypeScript resolves them with the
 * options of `tsConfig` (`./money.js` → `money.ts`). Package imports (`@btp/shared`, `zod`) are not
 * followed: the graph is the code of these trees.
 *
 * TypeScript's own `preProcessFile` reads a module's imports with its scanner, without building a
 * syntax tree: this replaced madge, which parsed each of ~500 files with typescript-estree for the
 * same graph (docs/performance.md, "Issue 27, seventh pass").
 */
export function importGraph(root: string, trees: string[], exclude: RegExp[], tsConfig: string): ImportGraph {
  const config = ts.readConfigFile(tsConfig, (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, path.dirname(tsConfig));
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const kept = (file: string) => file.endsWith('.ts') && !exclude.some((pattern) => pattern.test(file));
  const pending = trees.flatMap((tree) =>
    readdirSync(path.join(root, tree), { recursive: true })
      .map((name) => path.join(root, tree, String(name)))
      .filter(kept),
  );
  const graph: ImportGraph = {};
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    const name = path.relative(root, file);
    if (graph[name] !== undefined) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) continue;
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule;
      if (resolved === undefined || resolved.extension !== ts.Extension.Ts) continue;
      if (!kept(resolved.resolvedFileName)) continue;
      targets.add(path.relative(root, resolved.resolvedFileName));
      pending.push(resolved.resolvedFileName);
    }
    graph[name] = [...targets].sort();
  }
  return graph;
}

/** Each import cycle of the graph once, as the modules it goes through (a depth-first search). */
export function importCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string) => {
    const at = onPath.indexOf(file);
    if (at >= 0) {
      cycles.push(onPath.slice(at));
      return;
    }
    if (done.has(file)) return;
    onPath.push(file);
    for (const next of graph[file] ?? []) visit(next);
    onPath.pop();
    done.add(file);
  };
  for (const file of Object.keys(graph).sort()) visit(file);
  return cycles;
}
