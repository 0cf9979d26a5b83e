/**
 * How every Lambda function is bundled, in one place: the stack hands {@link bundling} to CDK's
 * `NodejsFunction`, and the tests and `npm run bench:lambda` bundle with {@link esbuildOptions},
 * which turns the same object into the esbuild call CDK makes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
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

/** `NODE_OPTIONS` of every function: stack traces point into the TypeScript sources. */
export const functionNodeOptions = '--enable-source-maps';

/** How every function is bundled (CDK's `NodejsFunction` options). */
export const bundling: nodejs.BundlingOptions = {
  format: nodejs.OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  minify: true,
  sourceMap: true,
  // Stack traces only need the mappings; the embedded sources would double the asset.
  sourcesContent: false,
  externalModules: runtimeProvidedModules,
  // Some CommonJS dependencies call `require`, which does not exist in an ES module.
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  forceDockerBundling: false,
};

/** Options of {@link bundling} that {@link esbuildOptions} turns into esbuild's; any other one is refused. */
const mirroredOptions = new Set<keyof nodejs.BundlingOptions>([
  'format',
  'target',
  'mainFields',
  'minify',
  'sourceMap',
  'sourcesContent',
  'externalModules',
  'banner',
  'footer',
  'keepNames',
  'define',
  'loader',
  'forceDockerBundling',
]);

/**
 * The esbuild build CDK runs for one function (its `--bundle --platform=node` command line from
 * `aws-lambda-nodejs`), writing `<outdir>/index.mjs` and its source map. An option of `options` this
 * function does not translate throws, so the tests and the benchmark never bundle differently from
 * a deployment without anyone noticing.
 */
export function esbuildOptions(
  entry: string,
  outdir: string,
  options: nodejs.BundlingOptions = bundling,
): BuildOptions {
  const unknown = Object.keys(options).filter(
    (key) => !mirroredOptions.has(key as keyof nodejs.BundlingOptions),
  );
  if (unknown.length > 0)
    throw new Error(`esbuildOptions does not mirror bundling option(s): ${unknown.join(', ')}`);
  // CDK's defaults for these two depend on the runtime and on feature flags: they must be explicit.
  if (!options.target) throw new Error('bundling.target must be set');
  if (!options.externalModules) throw new Error('bundling.externalModules must be set');
  const esm = options.format === nodejs.OutputFormat.ESM;
  return {
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    target: options.target,
    ...(options.format ? { format: options.format === nodejs.OutputFormat.ESM ? 'esm' : 'cjs' } : {}),
    outfile: path.join(outdir, esm ? 'index.mjs' : 'index.js'),
    minify: options.minify ?? false,
    sourcemap: options.sourceMap ?? false,
    sourcesContent: options.sourcesContent ?? true,
    external: options.externalModules,
    ...(options.loader ? { loader: options.loader as BuildOptions['loader'] } : {}),
    ...(options.define ? { define: options.define } : {}),
    ...(options.keepNames ? { keepNames: true } : {}),
    ...(options.banner ? { banner: { js: options.banner } } : {}),
    ...(options.footer ? { footer: { js: options.footer } } : {}),
    ...(options.mainFields ? { mainFields: options.mainFields } : {}),
    absWorkingDir: repoRoot,
    logLevel: 'silent',
  };
}
