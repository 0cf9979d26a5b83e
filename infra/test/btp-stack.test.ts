import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import type { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { Template } from 'aws-cdk-lib/assertions';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeId, routeKeyOf, routes, routeTables } from '@btp/shared/routes';
import type { RouteDefinition } from '@btp/shared/routes';
import { table as tableDefinition } from '@btp/shared/table';
import { authorizerTagValue } from '../lib/btp-stack.js';
import {
  authorizerEntry,
  esbuildOptions,
  filesLoadedAtStart,
  requiredSdkModules,
  runtimeSdkLoadedBy,
  handlerEntry,
  repoRoot,
} from '../lib/bundling.js';
import type { BtpStack, RouteTables } from '../lib/btp-stack.js';
import {
  mainStackResourceBudget,
  routeStackId,
  routeStackResourceBudget,
  stackResourceLimit,
} from '../lib/route-stacks.js';
import { remindersJobHandler } from '../lib/jobs.js';
import { routeSecrets } from '../lib/route-secrets.js';
import { libraryImportJobHandler } from '../lib/library-imports.js';
import { mailEventsHandler } from '../lib/mail.js';
import {
  actionsOfFunction,
  appFunctions,
  distributionConfig,
  expectNagClean,
  fixtureHandler,
  jobFunctions,
  resources,
  synth,
  tableWriteActions as writeActions,
} from './support.js';
import type { Resource, Statement, Synthesized } from './support.js';

describe('Lambda bundles', () => {
  // Bundling every function through CDK costs one esbuild run each (seconds per route as the table
  // grows): CDK's path is checked on one function, and every handler is bundled in one esbuild run
  // with the same options.
  const setupStatus = routes.find((route) => route.handler === 'setup/status') as RouteDefinition;
  let stack: BtpStack;
  let template: Template;
  let assetDir: string;
  beforeAll(() => {
    ({ stack, template } = synth({ routeTables: { system: [setupStatus] } }, { bundle: true }));
    const outdir = (stack.node.root as App).synth().directory;
    const functions = [...appFunctions(template).values()];
    expect(functions).toHaveLength(1);
    const s3Key = (functions[0]?.[1].Properties.Code as { S3Key: string } | undefined)?.S3Key ?? '';
    assetDir = path.join(outdir, `asset.${s3Key.replace(/\.zip$/, '')}`);
  });

  /**
   * The code files of a function's folder (`index.mjs` and its chunks), by name. A chunk's name ends
   * with a hash that also covers its source map, whose paths are relative to the folder: the hashes
   * are left out, so that folders built at different depths compare.
   */
  const withoutHashes = (text: string) => text.replace(/-[A-Z0-9]{8}\.mjs/g, '-<hash>.mjs');
  const codeOf = (dir: string): Map<string, string> =>
    new Map(
      readdirSync(dir)
        .filter((name) => name.endsWith('.mjs'))
        .map((name) => [withoutHashes(name), withoutHashes(readFileSync(path.join(dir, name), 'utf8'))]),
    );

  it('bundles a handler through CDK as minified ES modules with their source maps, importing the AWS SDK from the runtime', () => {
    const code = readFileSync(path.join(assetDir, 'index.mjs'), 'utf8');
    expect(code).toContain('createRequire(import.meta.url)');
    expect(code).toMatch(/export\s*\{/);
    // Minified: long lines, not one per statement.
    expect(code.length / code.split('\n').length).toBeGreaterThan(1000);
    // The SDK is required, not carried nor imported: the Lambda runtime provides it, and `require`
    // loads its CommonJS packages without the ES module loader (bundling.ts `requiredSdkModules`).
    const all = [...codeOf(assetDir).values()].join('\n');
    expect(all).toContain('"@aws-sdk/client-dynamodb"');
    expect(all).toContain('"@aws-sdk/lib-dynamodb"');
    expect(all).not.toMatch(/from\s*"@aws-sdk\/(client-dynamodb|lib-dynamodb)"/);
    for (const name of readdirSync(assetDir).filter((file) => file.endsWith('.mjs'))) {
      expect(readFileSync(path.join(assetDir, `${name}.map`), 'utf8'), name).toContain('"mappings"');
    }
  });

  it("gives each function its own handler's bundle, when handlers share a folder too (the jobs)", async () => {
    const jobs = [...jobFunctions(template).values()];
    // The reminders, the e-invoicing sync, the price-list import and the accounting export: all
    // four under handlers/jobs/.
    expect(jobs).toHaveLength(4);
    const keys = jobs.map(([, fn]) => (fn.Properties.Code as { S3Key: string }).S3Key);
    expect(new Set(keys).size).toBe(4);
    const outdir = (stack.node.root as App).synth().directory;
    const importJob = jobs.find(([, fn]) =>
      String(fn.Properties.Description).startsWith('Import des tarifs'),
    );
    const importKey = String((importJob?.[1].Properties.Code as { S3Key: string } | undefined)?.S3Key);
    const built = mkdtempSync(path.join(tmpdir(), 'btp-bundle-job-'));
    await esbuild.build(esbuildOptions(handlerEntry({ handler: libraryImportJobHandler }), built));
    // The entry file only: chunks of one bundle may share a name once their hashes are left out.
    expect(codeOf(built).get('index.mjs')).toContain('handler');
    expect(codeOf(path.join(outdir, `asset.${importKey.replace(/\.zip$/, '')}`)).get('index.mjs')).toBe(
      codeOf(built).get('index.mjs'),
    );
  });

  it('produces with esbuildOptions (what the tests and `npm run bench:lambda` bundle with) the code CDK deploys', async () => {
    const outdir = mkdtempSync(path.join(tmpdir(), 'btp-bundle-same-'));
    await esbuild.build(esbuildOptions(handlerEntry(setupStatus), outdir));
    expect(codeOf(outdir)).toEqual(codeOf(assetDir));
  });

  it('starts a function that draws PDFs without the renderer: pdfkit, fontkit and the fonts load on the path that draws, and brotli is a stand-in', async () => {
    const outdir = mkdtempSync(path.join(tmpdir(), 'btp-bundle-lazy-'));
    const entry = handlerEntry({ handler: 'invoices/send' });
    const { metafile } = await esbuild.build({
      ...esbuildOptions(entry, outdir),
      write: false,
      metafile: true,
    });
    const outputs = metafile.outputs;
    const eager = filesLoadedAtStart(metafile, path.relative(repoRoot, path.join(outdir, 'index.mjs')));
    const inputsOf = (files: Iterable<string>) =>
      [...files].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}));
    const atStart = inputsOf(eager);
    const everything = inputsOf(Object.keys(outputs));
    const heavy =
      /node_modules\/(pdfkit|fontkit|nodemailer)\/|functions\/src\/pdf\/(render|assets\.generated)\.ts$/;
    expect(everything.filter((input) => heavy.test(input)).length).toBeGreaterThan(3);
    expect(atStart.filter((input) => heavy.test(input))).toEqual([]);
    expect(everything.filter((input) => input.includes('node_modules/brotli/'))).toEqual([]);
    expect(everything).toContain('infra/lib/stubs/brotli/decompress.js');
  });

  it('starts the authorizer and the routes that read the session key or the setup token without the Secrets Manager client: they read them with `lib/secrets-manager.ts`', async () => {
    // Those granted a secret (`route-secrets.ts`), of which these read one when they run.
    const granted = [
      authorizerEntry,
      ...new Set(
        routes
          .filter((route) => routeSecrets(route.handler).sessionKey || routeSecrets(route.handler).setupToken)
          .map((route) => handlerEntry(route)),
      ),
    ];
    const readers = [
      'functions/src/authorizer/handler.ts',
      'functions/src/handlers/auth/login.ts',
      'functions/src/handlers/auth/logout.ts',
      'functions/src/handlers/auth/register.ts',
      'functions/src/handlers/setup/create.ts',
    ];
    expect(granted.map((entry) => path.relative(repoRoot, entry))).toEqual(expect.arrayContaining(readers));
    for (const entry of granted) {
      const outdir = mkdtempSync(path.join(tmpdir(), 'btp-bundle-secrets-'));
      const { metafile } = await esbuild.build({
        ...esbuildOptions(entry, outdir),
        write: false,
        metafile: true,
      });
      const relative = path.relative(repoRoot, entry);
      const eager = filesLoadedAtStart(metafile, path.relative(repoRoot, path.join(outdir, 'index.mjs')));
      // From the runtime at start: the DynamoDB clients only (the Secrets Manager client was there).
      expect(runtimeSdkLoadedBy(metafile, eager), relative).toEqual(['client-dynamodb', 'lib-dynamodb']);
      // Nor on any path of theirs (the e-invoicing platform's secrets still import it on first use).
      expect(runtimeSdkLoadedBy(metafile, Object.keys(metafile.outputs), true), relative).not.toContain(
        'client-secrets-manager',
      );
      const atStart = [...eager].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
      if (readers.includes(relative)) {
        expect(atStart, relative).toContain('functions/src/lib/secrets-manager.ts');
      }
    }
  });

  it('bundles every handler of the route table, the functions that serve no route, and the authorizer, into an ES module exporting `handler`, with every dependency but the AWS SDK inside', async () => {
    const entries = [
      ...new Set(routes.map((route) => handlerEntry(route))),
      ...[mailEventsHandler, remindersJobHandler, libraryImportJobHandler].map((handler) =>
        handlerEntry({ handler }),
      ),
      ...(routes.some((route) => route.access !== 'public') ? [authorizerEntry] : []),
    ];
    // The production options, but one run with shared chunks and no minification: what matters here
    // is that every import resolves, every entry exports its handler, and only the runtime's
    // modules are left out.
    const production = esbuildOptions(entries[0] as string, tmpdir());
    const result = await esbuild.build({
      ...production,
      entryPoints: entries,
      outdir: path.join(tmpdir(), 'btp-bundle-check'),
      // One output per entry (the functions' own name every entry `index`).
      entryNames: '[dir]/[name]',
      write: false,
      splitting: true,
      minify: false,
      sourcemap: false,
      metafile: true,
    });
    expect(result.errors).toEqual([]);
    const outputs = Object.values(result.metafile.outputs);
    const byEntry = new Map(outputs.map((output) => [output.entryPoint, output.exports]));
    for (const entry of entries) {
      const relative = path.relative(repoRoot, entry);
      expect(byEntry.get(relative), relative).toContain('handler');
    }
    const bundled = outputs.flatMap((output) => Object.keys(output.inputs));
    expect(bundled.filter((input) => /node_modules\/@aws-sdk\//.test(input))).toEqual([]);
    // The one part of the SDK's family bundled: AWS's Signature V4 signer, with which
    // `functions/src/lib/s3.ts` signs the documents bucket's requests instead of loading the S3 client.
    const smithyBundled = new Set(
      bundled.flatMap((input) => /node_modules\/(@smithy\/[^/]+)\//.exec(input)?.[1] ?? []),
    );
    expect(smithyBundled).toContain('@smithy/signature-v4');
    const signerClosure = smithyClosure('@smithy/signature-v4');
    expect([...smithyBundled].filter((name) => !signerClosure.has(name))).toEqual([]);
    const imported = new Set(
      outputs.flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path)),
    );
    const notFromTheRuntime = [...imported].filter(
      (specifier) =>
        !specifier.startsWith('@aws-sdk/') &&
        !specifier.startsWith('node:') &&
        !builtinModules.includes(specifier),
    );
    expect(notFromTheRuntime).toEqual([]);
    // The DynamoDB client and its document client are required through their stand-ins, never
    // imported (an `import` of a CommonJS package costs a start its lexing: bundling.ts
    // `requiredSdkModules`), and no module imports them with `import()` (which would get their
    // `default` export only); the clients loaded on a code path are imported there.
    const required = requiredSdkModules.map((name) => `@aws-sdk/${name}`);
    expect([...imported].filter((specifier) => required.includes(specifier))).toEqual([]);
    const standIns = requiredSdkModules.map((name) => `infra/lib/runtime-sdk/${name}.cjs`);
    expect(outputs.filter((output) => standIns.includes(output.entryPoint ?? ''))).toEqual([]);
    expect(runtimeSdkLoadedBy(result.metafile, Object.keys(result.metafile.outputs), true)).toEqual([
      'client-dynamodb',
      'client-lambda',
      'client-secrets-manager',
      'client-sesv2',
      'client-sqs',
      'lib-dynamodb',
    ]);
  });
});

/** A `@smithy/` package and the `@smithy/` packages it depends on, read from `node_modules`. */
function smithyClosure(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const manifest = JSON.parse(
    readFileSync(path.join(repoRoot, 'node_modules', name, 'package.json'), 'utf8'),
  ) as { dependencies?: Record<string, string> };
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    if (dependency.startsWith('@smithy/')) smithyClosure(dependency, seen);
  }
  return seen;
}

/**
 * 40 routes more than the shared tables hold, to prove the room the stacks have: three new route
 * tables (8, 8 and 16 routes, the size of the features being finished) and 8 more library routes,
 * every one with its own function (bundled from the test fixture).
 */
const growthRoutes = (table: string, count: number): RouteDefinition[] =>
  Array.from({ length: count }, (_, i) => ({
    method: 'GET',
    path: `/api/growth/${table}/${i + 1}`,
    handler: `growth/${table}-${i + 1}`,
    access: 'user',
    table: 'read',
  }));
const deployedTables: RouteTables = {
  ...routeTables,
  library: [...(routeTables.library ?? []), ...growthRoutes('library', 8)],
  growthNetwork: growthRoutes('network', 8),
  growthAccounting: growthRoutes('accounting', 8),
  growthCosting: growthRoutes('costing', 16),
};
const deployedRoutes = Object.values(deployedTables).flat();

/**
 * The logical ids of the stateful resources, as the stack has always had them: a changed one makes
 * CloudFormation replace the resource (or orphan a retained one) and lose its data, its secret or its
 * messages. They must never change.
 */
const statefulLogicalIds = {
  'AWS::DynamoDB::Table': ['TableCD117FA1'],
  'AWS::S3::Bucket': ['DocumentsBucket9EC9DEB9', 'LogsBucket9C4D8843', 'SiteBucket397A1860'],
  'AWS::Logs::LogGroup': ['ApiAccessLogsE9DF007D', 'FunctionLogsAE28C13D'],
  'AWS::SecretsManager::Secret': ['OriginVerifyED6A82E8', 'SessionKey0FE01E29', 'SetupTokenC572E43B'],
  'AWS::SQS::Queue': ['LibraryImportDeadLetters9A6FDD61', 'LibraryImportQueue875E8094'],
  'AWS::SES::EmailIdentity': ['MailIdentity4365A1C5'],
  'AWS::SES::ConfigurationSet': ['MailConfigurationSet8758ADB0'],
  'AWS::KMS::Key': ['MonitoringTopicKey423AF5B2'],
};

describe('BtpStack with the shared route tables and 40 routes more (prod)', () => {
  let synthesized: Synthesized;
  let template: Template;
  beforeAll(() => {
    synthesized = synth({
      routeTables: deployedTables,
      handlerEntry: (route) => (route.handler.startsWith('growth/') ? fixtureHandler : handlerEntry(route)),
    });
    ({ template } = synthesized);
  });

  it("keeps every stack under its budget, far below CloudFormation's 500 resources, with 40 routes more", () => {
    expect(deployedRoutes).toHaveLength(routes.length + 40);
    const [main, ...nested] = synthesized.stacks;
    const countOf = (entry: (typeof synthesized.stacks)[number]) =>
      Object.keys(entry.template.toJSON().Resources as object).length;
    expect(main?.nested).toBe(false);
    expect(countOf(main as (typeof synthesized.stacks)[number])).toBeLessThanOrEqual(mainStackResourceBudget);
    expect(nested).toHaveLength(Object.keys(deployedTables).length);
    for (const entry of nested) {
      expect(countOf(entry), entry.path).toBeLessThanOrEqual(routeStackResourceBudget);
    }
    // The budgets themselves leave a margin: the main stack half the quota, a table's stack two thirds.
    expect(mainStackResourceBudget).toBeLessThanOrEqual(stackResourceLimit / 2);
    expect(routeStackResourceBudget).toBeLessThanOrEqual(stackResourceLimit / 3);
  });

  it("puts every route of every table in its table's nested stack, function, integration and route, and none in the main stack", () => {
    const byPath = new Map(synthesized.stacks.map((entry) => [entry.path, entry.template]));
    const main = synthesized.stacks[0]?.template as Template;
    for (const type of ['AWS::ApiGatewayV2::Route', 'AWS::ApiGatewayV2::Integration']) {
      main.resourceCountIs(type, 0);
    }
    for (const [table, tableRoutes] of Object.entries(deployedTables)) {
      const own = byPath.get(`Test/${routeStackId(table)}`);
      expect(own, table).toBeDefined();
      const keys = resources(own as Template, 'AWS::ApiGatewayV2::Route').map(
        ([, route]) => route.Properties.RouteKey,
      );
      expect(keys.sort(), table).toEqual(tableRoutes.map(routeKeyOf).sort());
      expect(resources(own as Template, 'AWS::ApiGatewayV2::Integration'), table).toHaveLength(
        tableRoutes.length,
      );
      expect([...appFunctions(own as Template).keys()].sort(), table).toEqual(
        tableRoutes.map(routeId).sort(),
      );
      // Nothing else: 3 resources a route.
      expect(Object.keys((own as Template).toJSON().Resources as object), table).toHaveLength(
        3 * tableRoutes.length,
      );
    }
  });

  it('keeps the logical ids of the stateful resources in the main stack', () => {
    const main = synthesized.stacks[0]?.template as Template;
    for (const [type, ids] of Object.entries(statefulLogicalIds)) {
      expect(
        resources(main, type)
          .map(([id]) => id)
          .sort(),
        type,
      ).toEqual(ids);
    }
  });

  it('creates one arm64 Node.js 22 function per route, with its environment and log group', () => {
    const functions = appFunctions(template);
    const hasAuthorizer = deployedRoutes.some((route) => route.access !== 'public');
    expect([...functions.keys()].sort()).toEqual(
      [...deployedRoutes.map(routeId), ...(hasAuthorizer ? [authorizerTagValue] : [])].sort(),
    );
    const memory = new Map(deployedRoutes.map((route) => [routeId(route), route.memoryMb ?? 256]));
    for (const [tag, [, fn]] of functions) {
      expect(fn.Properties, tag).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: memory.get(tag) ?? 256,
        Timeout: 10,
        Environment: {
          Variables: {
            TABLE_NAME: { Ref: expect.anything() },
            LOG_LEVEL: 'info',
            COOKIE_SECURE: 'true',
          },
        },
      });
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      const route = deployedRoutes.find((r) => routeId(r) === tag);
      if (!route?.documents) expect(variables, tag).not.toHaveProperty('DOCUMENTS_BUCKET');
      // Stack traces are mapped when logged (functions/src/lib/stack-trace.ts), not at every start.
      expect(variables, tag).not.toHaveProperty('NODE_OPTIONS');
      const logGroupId = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      const logGroup = template.toJSON().Resources[logGroupId] as Resource;
      expect(logGroup.Type).toBe('AWS::Logs::LogGroup');
      expect(logGroup.Properties.RetentionInDays).toBe(30);
    }
  });

  it('creates one HTTP API route per entry with a payload 2.0 Lambda proxy integration', () => {
    const routeKeys = resources(template, 'AWS::ApiGatewayV2::Route').map(
      ([, route]) => route.Properties.RouteKey,
    );
    expect(routeKeys.sort()).toEqual(deployedRoutes.map(routeKeyOf).sort());
    expect(routeKeys).toContain('GET /api/health');
    // Whatever no route matches (/api/, /api/unknown, a known path with another method) goes to the
    // contract's JSON 404, not API Gateway's own `{"message":"Not Found"}`.
    expect(routeKeys).toContain('$default');
    expect(routeKeys).not.toContain('ANY /api/{proxy+}');
    for (const [, integration] of resources(template, 'AWS::ApiGatewayV2::Integration')) {
      expect(integration.Properties).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
      });
    }
  });

  it('puts the session authorizer on exactly the non-public routes', () => {
    const authorizers = resources(template, 'AWS::ApiGatewayV2::Authorizer');
    const nonPublic = new Set(
      deployedRoutes
        .filter((route) => route.access !== 'public')
        .map((route) => `${route.method} ${route.path}`),
    );
    expect(authorizers).toHaveLength(nonPublic.size > 0 ? 1 : 0);
    for (const [, route] of resources(template, 'AWS::ApiGatewayV2::Route')) {
      const key = route.Properties.RouteKey as string;
      if (nonPublic.has(key)) {
        expect(route.Properties, key).toMatchObject({
          AuthorizationType: 'CUSTOM',
          AuthorizerId: { Ref: authorizers[0]?.[0] },
        });
      } else {
        expect(route.Properties.AuthorizationType, key).toBe('NONE');
      }
    }
  });

  it('throttles the default stage and writes JSON access logs', () => {
    const [[, stage]] = resources(template, 'AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    expect(stage.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [expect.anything(), 'Arn'] } },
    });
    const format = (stage.Properties.AccessLogSettings as { Format: string }).Format;
    expect(JSON.parse(format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
  });

  it('declares the table from the shared definition, protected in prod', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: 'PAY_PER_REQUEST',
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
        SSESpecification: { SSEEnabled: true },
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
          },
        ],
      },
    });
  });

  it('keeps every bucket private, encrypted and reachable over TLS only', () => {
    // Site, documents, and the access logs of both and of CloudFront.
    const buckets = resources(template, 'AWS::S3::Bucket');
    expect(buckets).toHaveLength(3);
    const policies = resources(template, 'AWS::S3::BucketPolicy');
    for (const [logicalId, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption).toBeDefined();
      const policy = policies.find(([, p]) => (p.Properties.Bucket as { Ref: string }).Ref === logicalId);
      const statements = (policy?.[1].Properties.PolicyDocument as { Statement: Statement[] } | undefined)
        ?.Statement;
      expect(statements).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('keeps document versions and lets only the site origin use the documents bucket from a browser', () => {
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: {
        VersioningConfiguration: { Status: 'Enabled' },
        CorsConfiguration: {
          CorsRules: [
            {
              AllowedOrigins: [
                { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] }]] },
              ],
            },
          ],
        },
      },
    });
  });

  it("expires drafts' PDF previews (previews/) after a day, price lists (imports/) and bank statements after two and accounting exports after 7, versions included, and nothing else", () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          {
            Id: 'ExpireDraftPreviews',
            Prefix: 'previews/',
            ExpirationInDays: 1,
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
            Status: 'Enabled',
          },
        ]),
      },
    });
    const rulesOf = (bucket: Resource) =>
      (bucket.Properties.LifecycleConfiguration as { Rules?: Record<string, unknown>[] } | undefined)
        ?.Rules ?? [];
    const documents = resources(template, 'AWS::S3::Bucket').find(([, bucket]) =>
      rulesOf(bucket).some((rule) => rule.Id === 'ExpireDraftPreviews'),
    );
    // In the documents bucket only the previews, the price lists of imports (docs/library.md), the
    // statements read and the exports (docs/accounting.md) expire: archived PDFs and uploaded
    // documents are kept.
    expect(rulesOf(documents?.[1] as Resource).filter((rule) => 'ExpirationInDays' in rule)).toEqual([
      expect.objectContaining({ Prefix: 'exports/', ExpirationInDays: 7 }),
      expect.objectContaining({ Prefix: 'bank-statements/', ExpirationInDays: 2 }),
      expect.objectContaining({ Prefix: 'previews/' }),
      {
        Id: 'ExpirePriceLists',
        Prefix: 'imports/',
        ExpirationInDays: 2,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        Status: 'Enabled',
      },
    ]);
  });

  it('rewrites deep links on the default behaviour only and sends /api/* uncached to the API', () => {
    const config = distributionConfig(template);
    expect(config).toMatchObject({
      DefaultRootObject: 'index.html',
      HttpVersion: 'http2and3',
      DefaultCacheBehavior: {
        Compress: true,
        ViewerProtocolPolicy: 'redirect-to-https',
        FunctionAssociations: [
          { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.anything(), 'FunctionARN'] } },
        ],
        ResponseHeadersPolicyId: { Ref: expect.anything() },
      },
    });
    expect(config).not.toHaveProperty('CustomErrorResponses');

    const behaviours = config.CacheBehaviors as Record<string, unknown>[];
    // `/api/*` does not match `/api` itself, which would get the SPA's index.html.
    expect(behaviours.map((behaviour) => behaviour.PathPattern).sort()).toEqual(['/api', '/api/*']);
    const [api, apiRoot] = ['/api/*', '/api'].map(
      (pattern) =>
        behaviours.find((behaviour) => behaviour.PathPattern === pattern) as Record<string, unknown>,
    ) as [Record<string, unknown>, Record<string, unknown>];
    expect({ ...apiRoot, PathPattern: '/api/*' }).toEqual(api);
    expect(api).toMatchObject({
      PathPattern: '/api/*',
      Compress: true,
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
    });
    expect(api).not.toHaveProperty('FunctionAssociations');
    expect([...(api.AllowedMethods as string[])].sort()).toEqual(
      ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'].sort(),
    );

    // The /api/* origin is the HTTP API's host name, the default one the SPA bucket through OAC.
    const origins = config.Origins as Record<string, unknown>[];
    const apiOrigin = origins.find((origin) => origin.Id === api.TargetOriginId);
    expect(apiOrigin).toMatchObject({
      DomainName: {
        'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [expect.anything(), 'ApiEndpoint'] }] }],
      },
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only' },
    });
    const siteOrigin = origins.find(
      (origin) => origin.Id === (config.DefaultCacheBehavior as Record<string, unknown>).TargetOriginId,
    );
    expect(siteOrigin).toMatchObject({
      OriginAccessControlId: { 'Fn::GetAtt': [expect.anything(), 'Id'] },
      DomainName: { 'Fn::GetAtt': [expect.anything(), 'RegionalDomainName'] },
    });
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always' },
    });
  });

  it("lets only CloudFront reach the API: its /api origin sends the origin secret every route's function checks", () => {
    const config = distributionConfig(template);
    const behaviours = config.CacheBehaviors as Record<string, unknown>[];
    const origins = config.Origins as Record<string, unknown>[];
    const apiOrigins = new Set(behaviours.map((behaviour) => behaviour.TargetOriginId));
    expect(apiOrigins.size).toBe(1);
    const apiOrigin = origins.find((origin) => apiOrigins.has(origin.Id)) as Record<string, unknown>;
    expect(apiOrigin.OriginCustomHeaders).toEqual([
      { HeaderName: 'x-origin-verify', HeaderValue: expect.anything() },
    ]);
    const value = (apiOrigin.OriginCustomHeaders as { HeaderValue: unknown }[])[0]?.HeaderValue;

    // A secret generated at deploy time: the template holds a dynamic reference, never the value.
    const secrets = resources(template, 'AWS::SecretsManager::Secret').filter(([logicalId]) =>
      JSON.stringify(value).includes(`"${logicalId}"`),
    );
    expect(secrets).toHaveLength(1);
    expect(secrets[0]?.[1].Properties.GenerateSecretString).toMatchObject({
      PasswordLength: 48,
      ExcludePunctuation: true,
    });
    expect(JSON.stringify(value)).toContain('{{resolve:secretsmanager:');

    // Every route's function refuses a request without it (functions/src/lib/http.ts); the
    // authorizer lets every request through to them, and the scheduled jobs serve no request.
    for (const [tag, [, fn]] of appFunctions(template)) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      if (tag === authorizerTagValue) expect(variables, tag).not.toHaveProperty('ORIGIN_VERIFY');
      else expect(variables.ORIGIN_VERIFY, tag).toEqual(value);
    }
    // The API's own execute-api address stays on: it is CloudFront's origin (an HTTP API without
    // it answers only through a custom domain of its own), and answers 403 to anyone else.
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      DisableExecuteApiEndpoint: Match.absent(),
    });
  });

  it('sends the security headers with the SPA', () => {
    const config = distributionConfig(template);
    const policyId = (
      (config.DefaultCacheBehavior as Record<string, unknown>).ResponseHeadersPolicyId as {
        Ref: string;
      }
    ).Ref;
    const policy = template.toJSON().Resources[policyId] as Resource;
    const headers = (policy.Properties.ResponseHeadersPolicyConfig as Record<string, unknown>)
      .SecurityHeadersConfig as Record<string, Record<string, unknown>>;
    // The policy names the region's S3 endpoints, so it is an Fn::Join: check its literal parts.
    const csp = JSON.stringify(headers.ContentSecurityPolicy?.ContentSecurityPolicy);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(headers.StrictTransportSecurity?.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.ContentTypeOptions).toMatchObject({ Override: true });
    expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    expect(headers.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
  });

  it('ships a CloudFront Function that applies the shared deep-link rule', () => {
    const [[, fn]] = resources(template, 'AWS::CloudFront::Function') as [[string, Resource]];
    expect(fn.Properties.FunctionConfig).toMatchObject({ Runtime: 'cloudfront-js-2.0' });
    const code = fn.Properties.FunctionCode as string;
    // cloudfront-js-2.0: a plain script, no modules, at most 10 KB.
    expect(code).not.toMatch(/\b(import|export|require)\b/);
    expect(Buffer.byteLength(code)).toBeLessThan(10 * 1024);
    const handler = vm.runInNewContext(`${code}\nhandler;`, {}) as (event: {
      request: { uri: string; method: string };
    }) => { uri: string; method: string };
    const rewrite = (uri: string): string => handler({ request: { uri, method: 'GET' } }).uri;
    expect(rewrite('/clients')).toBe('/index.html');
    expect(rewrite('/clients/0191f3a2-7c1e-7abc-8def-0123456789ab')).toBe('/index.html');
    // Pre-rendered at build time: its own HTML.
    expect(rewrite('/')).toBe('/dashboard.html');
    expect(rewrite('/login')).toBe('/login.html');
    expect(rewrite('/assets/a.js')).toBe('/assets/a.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
    expect(handler({ request: { uri: '/clients', method: 'GET' } }).method).toBe('GET');
  });

  it('does not deploy a SPA that was not built, and says so', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    synthesized.annotations.hasWarning('*', Match.stringLikeRegexp('SPA is not deployed'));
  });

  it('grants GET routes no write access to the table, but the PDF routes (they archive an old record once)', () => {
    const functions = appFunctions(template);
    // The PDF of a quote or invoice sent before archives existed is made and listed on its first
    // request (DOCUMENTS.md § 5): those two GET routes write; the public read of an acceptance link
    // counts each request against its rate limit (docs/online-acceptance.md). Only them.
    const writingGets = routes.filter((r) => r.method === 'GET' && r.table === 'write');
    expect(writingGets.map((route) => route.path).sort()).toEqual([
      '/api/invoices/{id}/pdf',
      '/api/public/quotes/{token}',
      '/api/quotes/{id}/pdf',
    ]);
    for (const route of routes.filter((r) => r.method === 'GET' && r.table !== 'write')) {
      const [logicalId] = functions.get(routeId(route)) ?? [];
      const actions = actionsOfFunction(template, logicalId as string);
      expect(actions).not.toContain('dynamodb:*');
      for (const action of writeActions) expect(actions).not.toContain(action);
      if (route.table === 'none') expect(actions.filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
      if (route.table === 'read') expect(actions).toContain('dynamodb:Query');
    }
  });

  it('outputs the site URL, the API URL and the table name', () => {
    template.hasOutput('SiteUrl', {});
    template.hasOutput('ApiUrl', {});
    template.hasOutput('TableName', { Value: { Ref: Match.anyValue() } });
  });

  it('passes the AwsSolutions checks, each suppression explained and used', () => {
    expectNagClean(synthesized);
  });
});
