import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Annotations, CfnOutput, Duration, Fn, RemovalPolicy, Stack, Tags } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { authorizerModule, routeId, routes as routeTable } from '@btp/shared/routes';
import type { RouteDefinition } from '@btp/shared/routes';
import { table as tableDefinition } from '@btp/shared/table';
import { spaRewriteFunctionCode } from './spa-rewrite-function.js';

/** Root of the npm workspaces repository (holds package-lock.json, functions/, frontend/). */
export const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

/** Tag put on every function of the application (route handlers and authorizer), not on CDK helpers. */
export const functionTag = 'btp:function';
/** Value of {@link functionTag} on the authorizer; route handlers carry their `routeId`. */
export const authorizerTagValue = 'authorizer';

export interface BtpStackProps extends StackProps {
  /** Deployment stage. `prod` turns on deletion protection and keeps data when the stack is deleted. */
  readonly stage: string;
  /** Route table to deploy; defaults to the shared one (tests pass their own). */
  readonly routes?: readonly RouteDefinition[];
  /** Entry file of the authorizer; defaults to `functions/src/<authorizerModule>.ts`. */
  readonly authorizerEntry?: string;
  /** Built SPA to upload; defaults to `frontend/dist`. Skipped (with a warning) when not built. */
  readonly frontendDist?: string;
}

const functionDefaults = {
  runtime: lambda.Runtime.NODEJS_22_X,
  architecture: lambda.Architecture.ARM_64,
  handler: 'handler',
  memorySize: 256,
  timeout: Duration.seconds(10),
  logRetention: logs.RetentionDays.ONE_MONTH,
} as const;

const bundling: nodejs.BundlingOptions = {
  format: nodejs.OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  minify: true,
  sourceMap: true,
  // Stack traces only need the mappings; the embedded sources would double the asset.
  sourcesContent: false,
  // Bundle the AWS SDK too: the version is the one the tests ran against, and cold starts are faster
  // than loading the runtime's copy.
  externalModules: [],
  // Some CommonJS dependencies call `require`, which does not exist in an ES module.
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  forceDockerBundling: false,
};

/** Vite's files under `assets/` carry a content hash in their name: they never change. */
const immutableAssets = 'public, max-age=31536000, immutable';

export class BtpStack extends Stack {
  constructor(scope: Construct, id: string, props: BtpStackProps) {
    super(scope, id, props);

    const isProd = props.stage === 'prod';
    const dataRemovalPolicy = isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const routes = props.routes ?? routeTable;

    // ---- Data -------------------------------------------------------------------------------------
    const table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: tableDefinition.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: isProd,
      removalPolicy: dataRemovalPolicy,
    });
    for (const index of tableDefinition.globalSecondaryIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    const documents = new s3.Bucket(this, 'DocumentsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: s3.BucketEncryption.S3_MANAGED,
      versioned: true,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
        { noncurrentVersionExpiration: Duration.days(90) },
      ],
      removalPolicy: dataRemovalPolicy,
      autoDeleteObjects: !isProd,
    });

    // ---- API --------------------------------------------------------------------------------------
    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', {
      retention: functionDefaults.logRetention,
      removalPolicy: dataRemovalPolicy,
    });
    // The default stage is added by hand: HttpApi's own default stage takes no throttling nor logs.
    const api = new apigwv2.HttpApi(this, 'Api', {
      apiName: `btp-gestion-${props.stage}`,
      description: 'BTP Gestion API (served under /api by CloudFront)',
      createDefaultStage: false,
    });
    api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { burstLimit: 200, rateLimit: 100 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            method: '$context.httpMethod',
            path: '$context.path',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    const nodeFunction = (
      constructId: string,
      entry: string,
      description: string,
      tagValue: string,
      memorySize: number,
      extraEnvironment: Record<string, string> = {},
    ): nodejs.NodejsFunction => {
      const logGroup = new logs.LogGroup(this, `${constructId}Logs`, {
        retention: functionDefaults.logRetention,
        removalPolicy: dataRemovalPolicy,
      });
      const fn = new nodejs.NodejsFunction(this, constructId, {
        entry,
        handler: functionDefaults.handler,
        runtime: functionDefaults.runtime,
        architecture: functionDefaults.architecture,
        memorySize,
        timeout: functionDefaults.timeout,
        description,
        logGroup,
        projectRoot: repoRoot,
        depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
        bundling,
        environment: {
          TABLE_NAME: table.tableName,
          NODE_OPTIONS: '--enable-source-maps',
          LOG_LEVEL: 'info',
          ...extraEnvironment,
        },
      });
      Tags.of(fn).add(functionTag, tagValue);
      return fn;
    };

    // Only built when a route needs it: a stack of public routes has no authorizer at all.
    let authorizer: HttpLambdaAuthorizer | undefined;
    if (routes.some((route) => route.access !== 'public')) {
      const authorizerFunction = nodeFunction(
        'Authorizer',
        props.authorizerEntry ?? path.join(repoRoot, 'functions/src', `${authorizerModule}.ts`),
        'Session cookie authorizer',
        authorizerTagValue,
        functionDefaults.memorySize,
      );
      // Sessions, users and companies are read to accept or refuse a request.
      table.grantReadData(authorizerFunction);
      authorizer = new HttpLambdaAuthorizer('SessionAuthorizer', authorizerFunction, {
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        identitySource: ['$request.header.Cookie'],
        // No caching for now: the authorizer design (and whether a cache keeps logout/deactivation
        // under the 60 s the design allows) is decided in a later issue.
        resultsCacheTtl: Duration.seconds(0),
      });
    }

    for (const route of routes) {
      const id = routeId(route);
      const fn = nodeFunction(
        `Fn${id}`,
        path.join(repoRoot, 'functions/src/handlers', `${route.handler}.ts`),
        `${route.method} ${route.path}`,
        id,
        route.memoryMb ?? functionDefaults.memorySize,
        route.documents ? { DOCUMENTS_BUCKET: documents.bucketName } : {},
      );
      if (route.table === 'read') table.grantReadData(fn);
      else if (route.table === 'write') table.grantReadWriteData(fn);
      if (route.documents === 'read') documents.grantRead(fn);
      else if (route.documents === 'write') documents.grantReadWrite(fn);

      new apigwv2.HttpRoute(this, `Route${id}`, {
        httpApi: api,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`Integration${id}`, fn, {
          payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
        }),
        authorizer: route.access === 'public' ? undefined : authorizer,
      });
    }

    // ---- Site -------------------------------------------------------------------------------------
    const siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // Only build output lives here: it is rebuilt from the repository, never kept.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(spaRewriteFunctionCode()),
      comment: 'SPA deep links to /index.html (default behaviour only)',
    });

    // Presigned uploads and downloads go straight to the documents bucket's regional endpoint.
    const s3Endpoints = `https://*.s3.${this.region}.${this.urlSuffix}`;
    const contentSecurityPolicy = [
      "default-src 'self'",
      "script-src 'self'",
      // antd injects its CSS-in-JS as <style> elements.
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: ${s3Endpoints}`,
      "font-src 'self' data:",
      `connect-src 'self' ${s3Endpoints}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
    const hsts = {
      accessControlMaxAge: Duration.days(730),
      includeSubdomains: true,
      override: true,
    };
    const siteHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SiteHeaders', {
      comment: 'BTP Gestion SPA security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy, override: true },
        strictTransportSecurity: hsts,
        contentTypeOptions: { override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      },
    });
    // The handlers set their own headers; these are a second layer that cannot be forgotten.
    const apiHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: 'BTP Gestion API security headers',
      securityHeadersBehavior: {
        strictTransportSecurity: hsts,
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      },
    });

    const apiDomain = Fn.select(2, Fn.split('/', api.apiEndpoint));
    const distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `BTP Gestion (${props.stage})`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      // No errorResponses on purpose: they would turn the API's 4xx JSON answers into index.html.
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: siteHeaders,
        compress: true,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          // A redirect would turn a POST into a GET: plain HTTP is refused instead.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiHeaders,
          compress: true,
        },
      },
    });
    const siteUrl = `https://${distribution.distributionDomainName}`;

    // The browser posts uploads to the bucket itself (presigned POST): only the site may do so.
    documents.addCorsRule({
      allowedOrigins: [siteUrl],
      allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.POST],
      allowedHeaders: ['*'],
      maxAge: 3600,
    });

    this.deploySite(siteBucket, distribution, props.frontendDist ?? path.join(repoRoot, 'frontend/dist'));

    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'The application (SPA and /api)' });
    new CfnOutput(this, 'ApiUrl', { value: api.apiEndpoint, description: 'HTTP API, direct endpoint' });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'DocumentsBucketName', { value: documents.bucketName });
    new CfnOutput(this, 'DistributionId', { value: distribution.distributionId });
  }

  /**
   * Uploads the built SPA: hashed files under `assets/` first, cached for a year, then the entry
   * files (index.html…) revalidated on every load, so a new index.html never points at missing files.
   * Old assets are kept (no prune) for browsers still running the previous version.
   */
  private deploySite(bucket: s3.IBucket, distribution: cloudfront.IDistribution, dist: string): void {
    if (!existsSync(path.join(dist, 'index.html'))) {
      Annotations.of(this).addWarningV2(
        'btp:frontend-not-built',
        `${dist}/index.html not found: the SPA is not deployed. Build the frontend, then synth again.`,
      );
      return;
    }
    const assetsDir = path.join(dist, 'assets');
    const assets = existsSync(assetsDir)
      ? new s3deploy.BucketDeployment(this, 'DeploySiteAssets', {
          sources: [s3deploy.Source.asset(assetsDir)],
          destinationBucket: bucket,
          destinationKeyPrefix: 'assets/',
          cacheControl: [s3deploy.CacheControl.fromString(immutableAssets)],
          prune: false,
          memoryLimit: 512,
        })
      : undefined;
    const entryFiles = new s3deploy.BucketDeployment(this, 'DeploySiteEntry', {
      sources: [s3deploy.Source.asset(dist, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: bucket,
      cacheControl: [s3deploy.CacheControl.noCache()],
      prune: false,
      memoryLimit: 512,
      distribution,
      distributionPaths: ['/*'],
    });
    if (assets) entryFiles.node.addDependency(assets);
  }
}
