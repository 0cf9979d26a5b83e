import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeId, routes } from '@btp/shared/routes';
import type { RouteDefinition } from '@btp/shared/routes';
import { table as tableDefinition } from '@btp/shared/table';
import { authorizerTagValue, BtpStack, functionTag, repoRoot } from '../lib/btp-stack.js';
import type { BtpStackProps } from '../lib/btp-stack.js';

type Resource = { Type: string; Properties: Record<string, unknown> } & Record<string, unknown>;
type Statement = { Effect: string; Action: string | string[]; Condition?: Record<string, unknown> };

/** Same feature flags as `npx cdk synth`. */
const cdkContext = (JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context: object })
  .context;

const noFrontend = path.join(tmpdir(), 'btp-no-frontend-build');
const existingHandler = path.join(repoRoot, 'functions/src/handlers/health/get.ts');

/** Route table with non-public and document routes, which the shared table does not have yet. */
const extendedRoutes: readonly RouteDefinition[] = [
  ...routes,
  { method: 'GET', path: '/api/test-private', handler: 'health/get', access: 'user', table: 'read' },
  {
    method: 'POST',
    path: '/api/test-documents/{id}',
    handler: 'health/get',
    access: 'super_admin',
    table: 'write',
    documents: 'write',
    memoryMb: 1024,
  },
];

function synth(props: Partial<BtpStackProps> = {}): { stack: BtpStack; template: Template } {
  const app = new App({ context: { ...cdkContext } });
  const stack = new BtpStack(app, 'Test', {
    stage: 'prod',
    env: { region: 'eu-west-3' },
    frontendDist: noFrontend,
    ...props,
  });
  return { stack, template: Template.fromStack(stack) };
}

function resources(template: Template, type: string): [string, Resource][] {
  return Object.entries(template.findResources(type)) as [string, Resource][];
}

function tagOf(resource: Resource, key: string): string | undefined {
  const tags = (resource.Properties.Tags ?? []) as { Key: string; Value: string }[];
  return tags.find((tag) => tag.Key === key)?.Value;
}

/** The application's functions (route handlers and authorizer), keyed by their tag value. */
function appFunctions(template: Template): Map<string, [string, Resource]> {
  const found = new Map<string, [string, Resource]>();
  for (const [logicalId, resource] of resources(template, 'AWS::Lambda::Function')) {
    const tag = tagOf(resource, functionTag);
    if (tag !== undefined) found.set(tag, [logicalId, resource]);
  }
  return found;
}

/** Every IAM action granted to the role of the function with the given logical id. */
function actionsOfFunction(template: Template, functionLogicalId: string): string[] {
  const fn = template.toJSON().Resources[functionLogicalId] as Resource;
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const actions: string[] = [];
  for (const [, policy] of resources(template, 'AWS::IAM::Policy')) {
    const roles = policy.Properties.Roles as { Ref: string }[];
    if (!roles.some((role) => role.Ref === roleId)) continue;
    const document = policy.Properties.PolicyDocument as { Statement: Statement[] };
    for (const statement of document.Statement) {
      if (statement.Effect !== 'Allow') continue;
      actions.push(...([] as string[]).concat(statement.Action));
    }
  }
  return actions;
}

function distributionConfig(template: Template): Record<string, unknown> {
  const [[, distribution]] = resources(template, 'AWS::CloudFront::Distribution') as [[string, Resource]];
  return distribution.Properties.DistributionConfig as Record<string, unknown>;
}

const writeActions = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:TransactWriteItems',
];

describe('BtpStack with the shared route table (prod)', () => {
  let stack: BtpStack;
  let template: Template;
  beforeAll(() => {
    ({ stack, template } = synth());
  });

  it('creates one arm64 Node.js 22 function per route, with its environment and log group', () => {
    const functions = appFunctions(template);
    expect([...functions.keys()].sort()).toEqual(routes.map(routeId).sort());
    for (const [, fn] of functions.values()) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: 256,
        Timeout: 10,
        Environment: {
          Variables: {
            TABLE_NAME: { Ref: expect.anything() },
            NODE_OPTIONS: '--enable-source-maps',
            LOG_LEVEL: 'info',
          },
        },
      });
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables).not.toHaveProperty('DOCUMENTS_BUCKET');
      const logGroupId = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      const logGroup = template.toJSON().Resources[logGroupId] as Resource;
      expect(logGroup.Type).toBe('AWS::Logs::LogGroup');
      expect(logGroup.Properties.RetentionInDays).toBe(30);
    }
  });

  it('bundles each handler as a minified ES module with its source map', () => {
    const assembly = stack.node.root as App;
    const outdir = assembly.synth().directory;
    for (const [, fn] of appFunctions(template).values()) {
      const s3Key = (fn.Properties.Code as { S3Key: string }).S3Key;
      const assetDir = path.join(outdir, `asset.${s3Key.replace(/\.zip$/, '')}`);
      const code = readFileSync(path.join(assetDir, 'index.mjs'), 'utf8');
      expect(code).toContain('createRequire(import.meta.url)');
      expect(code).toMatch(/export\s*\{/);
      expect(readFileSync(path.join(assetDir, 'index.mjs.map'), 'utf8')).toContain('"mappings"');
    }
  });

  it('creates one HTTP API route per entry with a payload 2.0 Lambda proxy integration', () => {
    const routeKeys = resources(template, 'AWS::ApiGatewayV2::Route').map(
      ([, route]) => route.Properties.RouteKey,
    );
    expect(routeKeys.sort()).toEqual(routes.map((route) => `${route.method} ${route.path}`).sort());
    expect(routeKeys).toContain('GET /api/health');
    expect(routeKeys).toContain('ANY /api/{proxy+}');
    for (const [, integration] of resources(template, 'AWS::ApiGatewayV2::Integration')) {
      expect(integration.Properties).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
      });
    }
  });

  it('has no authorizer while every route is public', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 0);
    expect(appFunctions(template).has(authorizerTagValue)).toBe(false);
    for (const [, route] of resources(template, 'AWS::ApiGatewayV2::Route')) {
      expect(route.Properties.AuthorizationType).toBe('NONE');
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
    const buckets = resources(template, 'AWS::S3::Bucket');
    expect(buckets).toHaveLength(2);
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
    expect(behaviours).toHaveLength(1);
    const api = behaviours[0] as Record<string, unknown>;
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
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/assets/a.js')).toBe('/assets/a.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
    expect(handler({ request: { uri: '/clients', method: 'GET' } }).method).toBe('GET');
  });

  it('does not deploy a SPA that was not built, and says so', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp('SPA is not deployed'));
  });

  it('grants GET routes no write access to the table', () => {
    const functions = appFunctions(template);
    for (const route of routes.filter((r) => r.method === 'GET')) {
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
});

describe('BtpStack with non-public and document routes (dev)', () => {
  let template: Template;
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'btp-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/a.js">');
    writeFileSync(path.join(dist, 'assets/a.js'), 'console.log(1);');
    ({ template } = synth({
      stage: 'dev',
      routes: extendedRoutes,
      authorizerEntry: existingHandler,
      frontendDist: dist,
    }));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('creates the authorizer function and attaches the authorizer to non-public routes only', () => {
    const functions = appFunctions(template);
    expect([...functions.keys()].sort()).toEqual([...extendedRoutes.map(routeId), authorizerTagValue].sort());
    const authorizers = resources(template, 'AWS::ApiGatewayV2::Authorizer');
    expect(authorizers).toHaveLength(1);
    const [[authorizerId, authorizer]] = authorizers as [[string, Resource]];
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      IdentitySource: ['$request.header.Cookie'],
      AuthorizerResultTtlInSeconds: 0,
    });
    const [authorizerFunctionId] = functions.get(authorizerTagValue) ?? [];
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(authorizerFunctionId);

    for (const route of extendedRoutes) {
      const key = `${route.method} ${route.path}`;
      const [[, resource]] = resources(template, 'AWS::ApiGatewayV2::Route').filter(
        ([, r]) => r.Properties.RouteKey === key,
      ) as [[string, Resource]];
      if (route.access === 'public') {
        expect(resource.Properties.AuthorizationType, key).toBe('NONE');
        expect(resource.Properties.AuthorizerId, key).toBeUndefined();
      } else {
        expect(resource.Properties.AuthorizationType, key).toBe('CUSTOM');
        expect(resource.Properties.AuthorizerId, key).toEqual({ Ref: authorizerId });
      }
    }
  });

  it('gives the documents bucket and the table write access only to the routes that declare them', () => {
    const functions = appFunctions(template);
    const [documentsFnId, documentsFn] = functions.get('POST_api_test_documents_id') ?? [];
    expect(documentsFn?.Properties).toMatchObject({
      MemorySize: 1024,
      Environment: { Variables: { DOCUMENTS_BUCKET: { Ref: expect.anything() } } },
    });
    const writerActions = actionsOfFunction(template, documentsFnId as string);
    expect(writerActions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 's3:PutObject']));
    expect(writerActions).not.toContain('dynamodb:*');

    const [privateFnId, privateFn] = functions.get('GET_api_test_private') ?? [];
    expect(
      (privateFn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables,
    ).not.toHaveProperty('DOCUMENTS_BUCKET');
    const readerActions = actionsOfFunction(template, privateFnId as string);
    expect(readerActions).toContain('dynamodb:GetItem');
    for (const action of [...writeActions, 'dynamodb:*']) expect(readerActions).not.toContain(action);
    expect(readerActions.filter((a) => a.startsWith('s3:'))).toEqual([]);
  });

  it('lets data go with the stack outside prod', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });

  it('uploads the built SPA: assets first, then the entry files with an invalidation', () => {
    const deployments = resources(template, 'Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(2);
    const assets = deployments.find(([, d]) => d.Properties.DestinationBucketKeyPrefix === 'assets/');
    const entry = deployments.find(([, d]) => d.Properties.DestinationBucketKeyPrefix === undefined);
    expect(assets?.[1].Properties).toMatchObject({
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(entry?.[1].Properties).toMatchObject({
      Prune: false,
      DistributionPaths: ['/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
    });
    expect(entry?.[1].DependsOn).toEqual(expect.arrayContaining([assets?.[0]]));
  });
});
