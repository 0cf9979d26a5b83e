import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces that point into the TypeScript sources, decoded when an error is logged instead of
 * at every start: the functions run without `--enable-source-maps` (Node reads and parses the
 * source maps of every file it loads when that flag is on, ~0.05–0.1 × of a cold start in
 * `bench:lambda`), and the logger (`logger.ts`) passes each logged error's stack through
 * {@link sourceMappedStack}. A frame in one of the function's bundled files (`index.mjs` or a chunk,
 * each with its `.map` beside it: infra/lib/bundling.ts) becomes
 * `at <minified name> (functions/src/lib/http.ts:212:11)`; other frames (Node, the AWS SDK from the
 * runtime) stay as they are. `scripts/decode-stack.ts` does the same offline for a trace the
 * Lambda runtime printed itself (an error thrown while the function starts).
 */

/** A frame's location: `file:///var/task/index.mjs:1:2345`, inside parentheses or not. */
const framePattern = /^(\s*at (?:.*? \()?)(file:\/\/[^\s()]+?\.mjs):(\d+):(\d+)(\)?)\s*$/;

const mapsByFile = new Map<string, SourceMap | undefined>();

function sourceMapOf(fileUrl: string, directory?: string): SourceMap | undefined {
  const key = `${directory ?? ''}|${fileUrl}`;
  if (mapsByFile.has(key)) return mapsByFile.get(key);
  let map: SourceMap | undefined;
  try {
    const file = fileURLToPath(fileUrl);
    const path = directory ? `${directory}/${file.slice(file.lastIndexOf('/') + 1)}` : file;
    map = new SourceMap(
      JSON.parse(readFileSync(`${path}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0],
    );
  } catch {
    map = undefined;
  }
  mapsByFile.set(key, map);
  return map;
}

/** A source as the map names it (`../../functions/src/x.ts`), from the repository's root. */
function repositoryPath(source: string): string {
  return source.replace(/^(?:file:\/\/)?(?:\.\.?\/)*/, '');
}

/**
 * `stack` with every frame of the function's own files mapped to its TypeScript source. `directory`
 * reads the `.map` files from there instead of beside the frame's file (offline decoding).
 */
export function sourceMappedStack(stack: string, directory?: string): string {
  return stack
    .split('\n')
    .map((line) => {
      const frame = framePattern.exec(line);
      if (!frame) return line;
      const [, before = '', fileUrl = '', lineText = '', columnText = '', after = ''] = frame;
      const entry = sourceMapOf(fileUrl, directory)?.findEntry(Number(lineText) - 1, Number(columnText) - 1);
      if (!entry || !('originalSource' in entry) || !entry.originalSource) return line;
      return `${before}${repositoryPath(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}${after}`;
    })
    .join('\n');
}
