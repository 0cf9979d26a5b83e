/**
 * How every Lambda function is bundled, in one place: {@link esbuildOptions} is the esbuild build of
 * one function, which the stack runs through {@link bundledCode} (CDK's local bundling of an asset)
 * and the tests and `npm run bench:lambda` run as they are. What a deployment carries is what they
 * measure.
 *
 * A function's folder holds `index.mjs` (its handler) and the chunks esbuild splits off at each
 * dynamic `import()`: a module a function imports only in the code path that needs it (the PDF
 * renderer, the e-mail composer, the e-invoice reader, the aggregates' maintenance) stays out of
 * what the function evaluates when it starts, and is read from its own file the first time that
 * path runs. Code shared by the entry and a chunk goes to a chunk the entry imports statically.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { BuildOptions, Metafile } from 'esbuild';
import { buildSync } from 'esbuild';
import { authorizerModule } from '@btp/shared/routes';
import type { RouteDefinition } from '@btp/shared/routes';

/** Root of the npm workspaces repository (holds package-lock.json, functions/, frontend/). */
export const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** Entry file of a route's handler: `functions/src/handlers/<handler>.ts`. */
export function handlerEntry(route: Pick<RouteDefinition, 'handler'>): string {
  return path.join(repoRoot, 'functions/src/handlers', `${route.handler}.ts`);
}

/** Entry file of the session authorizer: `functions/src/<authorizerModule>.ts`. */
export const authorizerEntry = path.join(repoRoot, 'functions/src', `${authorizerModule}.ts`);

/**
 * The AWS SDK packages are left out of the bundles: the Lambda Node.js runtime (nodejs22.x) ships the
 * AWS SDK for JavaScript v3 under `/var/runtime/node_modules/@aws-sdk/`, the clients, `lib-dynamodb`
 * and the S3 presigners alike (CDK's own default for Node.js 18+ runtimes leaves `@aws-sdk/*` out
 * for that reason), and a function imports it from there. So the SDK version that runs is the
 * runtime's, not the one in package-lock.json (docs/deploy.md). `@smithy/*` must not be external:
 * the runtime nests it under `@aws-sdk/node_modules`, where a function cannot import it (no module
 * of ours imports it; the SDK, external, brings its own).
 */
export const runtimeProvidedModules = ['@aws-sdk/*'];

/**
 * The runtime's SDK packages the functions import, each replaced in the bundles by a two-line
 * CommonJS module that `require`s it (`infra/lib/runtime-sdk/<name>.cjs`), instead of an ES `import`
 * of it. The SDK's packages are CommonJS (`dist-cjs`): an ES module importing one makes Node lex
 * it (`cjs-module-lexer`, in JavaScript, not yet compiled in a fresh process) to find its named
 * exports, and load it through the ES module loader; `require` does neither. That took ~37 ms of
 * wall clock (~80 ms CPU) off a cold import of `client-dynamodb` and ~7 ms off `lib-dynamodb` on
 * this machine (Node 20, docs/performance.md `bench:lambda`). On Lambda, `require` (the banner's
 * `createRequire(import.meta.url)`) finds them through `NODE_PATH`, which holds
 * `/var/runtime/node_modules` (docs/deploy.md). The module names the package through a variable, so
 * that esbuild leaves the call to run time (the alias would otherwise apply to it too). Only the two
 * every function loads when it starts are here: a package that a module imports with `import()`
 * must not be (the SES, SQS, Lambda and Secrets Manager clients): esbuild gives the dynamic import
 * of a CommonJS module its `default` export only, where Node gives its named exports too
 * (`infra/test/btp-stack.test.ts` checks that no function does). The others are left out of the
 * bundles and imported (`runtimeProvidedModules`), when their code path runs.
 */
export const requiredSdkModules = ['client-dynamodb', 'lib-dynamodb'] as const;

/** Where {@link requiredSdkModules}' stand-ins are, relative to {@link repoRoot}. */
export const requiredSdkDir = 'infra/lib/runtime-sdk';

/**
 * No function sets `NODE_OPTIONS`. `--enable-source-maps` made Node read and parse the source map of
 * every file a function loads when it starts (~0.05–0.1 × of a cold start, `bench:lambda`); the
 * functions' logger maps a logged error's stack to the TypeScript sources when it logs it instead
 * (`functions/src/lib/stack-trace.ts`), and `scripts/decode-stack.ts` decodes a trace offline.
 */

/**
 * Packages replaced in every bundle by a stand-in (`infra/lib/stubs/`): code a dependency imports
 * but that never runs for us. `brotli` (486 kB) is fontkit's WOFF2 decoder; the PDFs embed Inter from
 * WOFF 1.0 files unpacked beforehand (functions/src/pdf/woff.ts), never WOFF2, so its stand-in throws.
 */
export const stubbedModules: Readonly<Record<string, string>> = {
  brotli: './infra/lib/stubs/brotli',
};

/** The entry's output in a function's folder: what the Lambda handler `index.handler` names. */
export const entryFileName = 'index.mjs';

/**
 * The esbuild build of one function into `outdir`: `index.mjs` and its chunks, each with its source
 * map, ES modules for Node 22, minified, the AWS SDK loaded from the runtime with `require`
 * ({@link requiredSdkModules}). `bundleSdk` carries the SDK too (for `bench:lambda --bundle-sdk`
 * only, as the stack did before issue 9); `importSdk` imports it with ES `import` statements (for
 * `bench:lambda --import-sdk` only, as the stack did before issue 27's eighth pass).
 */
export function esbuildOptions(
  entry: string,
  outdir: string,
  options: { bundleSdk?: boolean; importSdk?: boolean } = {},
): BuildOptions & { outdir: string; entryPoints: string[] } {
  const requireSdk = !options.bundleSdk && !options.importSdk;
  return {
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    outdir,
    entryNames: 'index',
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    // ES module builds of the dependencies where they have one (smaller, tree-shaken).
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: true,
    // Stack traces only need the mappings; the embedded sources would double the asset.
    sourcesContent: false,
    external: options.bundleSdk ? [] : runtimeProvidedModules,
    alias: {
      ...stubbedModules,
      ...(requireSdk
        ? Object.fromEntries(
            requiredSdkModules.map((name) => [`@aws-sdk/${name}`, `./${requiredSdkDir}/${name}.cjs`]),
          )
        : {}),
    },
    // Some CommonJS dependencies call `require`, and so do the stand-ins of the runtime's SDK
    // packages; it does not exist in an ES module (each output file is its own module and gets its own).
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    absWorkingDir: repoRoot,
    logLevel: 'silent',
  };
}

/**
 * The code of a function whose handler module is `entry`: its folder built by {@link esbuildOptions}
 * when the stack is synthesized (locally, no Docker), hashed on what was built. Stacks whose bundling
 * is skipped (the tests' `aws:cdk:bundling-stacks`) get a placeholder without building anything.
 */
export function bundledCode(entry: string): lambda.Code {
  return lambda.Code.fromAsset(path.dirname(entry), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: the local bundling below always builds (or throws).
      image: DockerImage.fromRegistry('dummy'),
      // CDK stages an asset once per source folder and bundling options (their JSON), and it cannot
      // tell two `tryBundle` functions apart: without the entry in the options, every handler of a
      // folder (the `auth/` routes, the two jobs) got the bundle of the first one. The entry,
      // relative to the repository (the same on any machine), keeps each function's bundle its own;
      // nothing reads this variable (the local bundling below always builds).
      environment: { BTP_ENTRY: path.relative(repoRoot, entry) },
      local: {
        tryBundle(outputDir: string): boolean {
          mkdirSync(outputDir, { recursive: true });
          const result = buildSync(esbuildOptions(entry, outputDir));
          if (result.errors.length > 0) throw new Error(`esbuild failed for ${entry}`);
          return true;
        },
      },
    },
  });
}

/**
 * The output files a function reads when it starts, from its build's metafile: `entry` (the path of
 * its `index.mjs` as the metafile names it, relative to {@link repoRoot}) and the chunks it imports
 * statically, transitively. The other chunks are loaded by a dynamic `import()` only.
 */
export function filesLoadedAtStart(metafile: Metafile, entry: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (!imported.external && imported.kind === 'import-statement') visit(imported.path);
    }
  };
  visit(entry);
  return loaded;
}

/**
 * The runtime's SDK packages that `files` (outputs of a build's metafile) load, without the
 * `@aws-sdk/` scope: those required through a stand-in of {@link requiredSdkModules} and those
 * imported (`import` statements and, with `dynamic`, `import()` calls).
 */
export function runtimeSdkLoadedBy(metafile: Metafile, files: Iterable<string>, dynamic = false): string[] {
  const standIn = new RegExp(`^${requiredSdkDir}/(.+)\\.cjs$`);
  const names = [...files].flatMap((file) => {
    const output = metafile.outputs[file];
    if (!output) return [];
    const required = Object.keys(output.inputs).flatMap((input) => standIn.exec(input)?.[1] ?? []);
    const imported = output.imports
      .filter(
        (item) =>
          item.external &&
          item.path.startsWith('@aws-sdk/') &&
          (item.kind === 'import-statement' || (dynamic && item.kind === 'dynamic-import')),
      )
      .map((item) => item.path.replace(/^@aws-sdk\//, ''));
    return [...required, ...imported];
  });
  return [...new Set(names)].sort();
}
