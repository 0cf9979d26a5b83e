/**
 * Under Vitest only (`vitest.config.ts`): `import { PlusOutlined } from '@ant-design/icons'` becomes
 * `import PlusOutlined from '<…>/@ant-design/icons/lib/icons/PlusOutlined.js'`. The package's index
 * requires all of its ~850 icons (and their ~850 SVG descriptions) when a screen asks for one; each
 * Vitest worker paid that once (9 % of a heavy file's profile). The CommonJS file is the one antd's
 * own build and the index use, so the icons share antd's icon context as before. The app's build
 * does not need it (Vite's bundler keeps only the icons imported).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import type { Plugin } from 'vite';

const iconsImport = /import\s*\{([^}]*)\}\s*from\s*['"]@ant-design\/icons['"];?/g;
const iconName = /^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$/;

/** The import statement rewritten, or `undefined` when it names anything but icons (kept as is). */
export function iconImports(names: string, iconsDirectory: string): string | undefined {
  const specifiers = names
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const imports: string[] = [];
  for (const specifier of specifiers) {
    const [imported, local = imported] = specifier.split(/\s+as\s+/).map((part) => part.trim());
    if (imported === undefined || !iconName.test(imported)) return undefined;
    imports.push(`import ${local} from ${JSON.stringify(`${iconsDirectory}/${imported}.js`)};`);
  }
  return imports.join(' ');
}

/** Rewrites a module's imports of `@ant-design/icons` into one import per icon file. */
export function rewriteIconImports(code: string, iconsDirectory: string): string | undefined {
  if (!code.includes('@ant-design/icons')) return undefined;
  let changed = false;
  const rewritten = code.replace(iconsImport, (statement, names: string) => {
    const imports = iconImports(names, iconsDirectory);
    if (imports === undefined) return statement;
    changed = true;
    // As many lines as the statement had: the lines below keep their numbers in stack traces.
    return imports + '\n'.repeat(statement.split('\n').length - 1);
  });
  return changed ? rewritten : undefined;
}

export function iconImportsOneByOne(): Plugin {
  const iconsDirectory = join(
    dirname(createRequire(import.meta.url).resolve('@ant-design/icons/package.json')),
    'lib',
    'icons',
  );
  return {
    name: 'btp:icon-imports-one-by-one',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.tsx?$/.test(id)) return undefined;
      const rewritten = rewriteIconImports(code, iconsDirectory);
      return rewritten === undefined ? undefined : { code: rewritten, map: null };
    },
  };
}
