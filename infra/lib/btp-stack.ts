import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, CfnOutput, Duration, Fn, RemovalPolicy, Stack, Tags, Token } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { routeId, routes as routeTable } from '@btp/shared/routes';
import type { RouteDefinition, TableAccess } from '@btp/shared/routes';
import { table as tableDefinition } from '@btp/shared/table';
import { authorizerEntry, bundling, functionNodeOptions, handlerEntry, repoRoot } from './bundling.js';
import { Monitoring } from './monitoring.js';
import type { MonitoredFunction } from './monitoring.js';
import { authorizerSecrets, routeSecrets } from './route-secrets.js';
import type { RouteSecrets } from './route-secrets.js';
import { spaRewriteFunctionCode } from './spa-rewrite-function.js';

// The bundling options and entry files live in bundling.ts (the tests and `npm run bench:lambda` use
// them too); re-exported for the stack's users.
export { bundling, repoRoot } from './bundling.js';

/** Tag put on every function of the application (route handlers and authorizer), not on CDK helpers. */
export const functionTag = 'btp:function';
/** Value of {@link functionTag} on the authorizer; route handlers carry their `routeId`. */
export const authorizerTagValue = 'authorizer';

/** Environment variables holding the secrets' ARNs (the functions fetch the values themselves). */
export const sessionKeySecretEnv = 'SESSION_KEY_SECRET_ARN';
export const setupTokenSecretEnv = 'SETUP_TOKEN_SECRET_ARN';

export interface BtpStackProps extends StackProps {
  /** Deployment stage. `prod` turns on deletion protection and keeps data when the stack is deleted. */
  readonly stage: string;
  /** Route table to deploy; defaults to the shared one (tests pass their own). */
  readonly routes?: readonly RouteDefinition[];
  /** Entry file of a route's handler; defaults to `functions/src/handlers/<handler>.ts`. */
  readonly handlerEntry?: (route: RouteDefinition) => string;
  /** Entry file of the authorizer; defaults to `functions/src/<authorizerModule>.ts`. */
  readonly authorizerEntry?: string;
  /** Built SPA to upload; defaults to `frontend/dist`. Skipped (with a warning) when not built. */
  readonly frontendDist?: string;
  /** Custom domain of the site (e.g. `gestion.example.fr`); needs {@link certificateArn}. */
  readonly domainName?: string;
  /** ACM certificate for {@link domainName}, in us-east-1 (CloudFront only takes certificates there). */
  readonly certificateArn?: string;
  /** E-mail address subscribed to the alarm topic. */
  readonly alarmEmail?: string;
}

const functionDefaults = {
  runtime: lambda.Runtime.NODEJS_22_X,
  architecture: lambda.Architecture.ARM_64,
  handler: 'handler',
  memorySize: 256,
  timeout: Duration.seconds(10),
  logRetention: logs.RetentionDays.ONE_MONTH,
} as const;

/** Vite's files under `assets/` carry a content hash in their name: they never change. */
const immutableAssets = 'public, max-age=31536000, immutable';

/** Table actions by route-table access level (`table: 'read'` / `'write'`). */
const tableReadActions = [
  'dynamodb:BatchGetItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
];
const tableWriteActions = [
  ...tableReadActions,
  'dynamodb:BatchWriteItem',
  'dynamodb:DeleteItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
];
/**
 * Documents bucket object actions (`documents: 'read'` / `'write'`). Presigned URLs carry the signing
 * function's rights: a GET needs `GetObject`, the browser's POST needs `PutObject`. Document routes
 * also get `ListBucket` on the bucket, without which a HEAD on a missing key answers 403 instead of
 * 404 (the upload completion checks that the object exists).
 */
const documentsReadActions = ['s3:GetObject'];
const documentsWriteActions = [...documentsReadActions, 's3:PutObject', 's3:DeleteObject'];

/**
 * Partition key prefix of session items (`SESSION#<id>`, docs/data-model.md and
 * `functions/src/accounts/sessions.ts`): the only items the authorizer may update.
 */
export const sessionPartitionPrefix = 'SESSION#';

/** The `us-east-1` ACM certificate ARN CloudFront requires. */
const cloudFrontCertificateArn = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[A-Za-z0-9-]+$/;
const domainNamePattern = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export class BtpStack extends Stack {
  constructor(scope: Construct, id: string, props: BtpStackProps) {
    super(scope, id, props);

    const isProd = props.stage === 'prod';
    const dataRemovalPolicy = isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const routes = props.routes ?? routeTable;
    const customDomain = validateCustomDomain(props.domainName, props.certificateArn);
    const alarmEmail = validateEmail(props.alarmEmail);

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
    // Grants name the table and each index: no `index/*` wildcard.
    const tableResources = [
      table.tableArn,
      ...tableDefinition.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
    ];

    // Access logs of the two other buckets (S3 server access logs) and of CloudFront (standard logs).
    // It keeps no access log of its own (logging it into itself would log the log writes); cdk-nag's
    // AwsSolutions-S1 knows a log target for what it is and does not ask.
    const logsBucket = new s3.Bucket(this, 'LogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      // CloudFront standard logging writes through an ACL grant to its log-delivery account, which
      // needs ACLs enabled; the bucket owner still owns every object. S3 server access logs use the
      // bucket policy CDK adds (`@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy`).
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      enforceSSL: true,
      // SSE-S3: neither CloudFront nor S3 log delivery can write to an SSE-KMS bucket.
      encryption: s3.BucketEncryption.S3_MANAGED,
      lifecycleRules: [
        { expiration: Duration.days(365), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: dataRemovalPolicy,
      autoDeleteObjects: !isProd,
    });
    const documents = new s3.Bucket(this, 'DocumentsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: s3.BucketEncryption.S3_MANAGED,
      versioned: true,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 'documents/',
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
        { noncurrentVersionExpiration: Duration.days(90) },
      ],
      removalPolicy: dataRemovalPolicy,
      autoDeleteObjects: !isProd,
    });

    // ---- Secrets ----------------------------------------------------------------------------------
    // Generated by Secrets Manager at deploy time: the values never appear in the template, in
    // cdk.out or in the functions' environment (which holds their ARNs only).
    const sessionKey = new secretsmanager.Secret(this, 'SessionKey', {
      description: `BTP Gestion (${props.stage}): HS256 key signing the session cookies`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const setupToken = new secretsmanager.Secret(this, 'SetupToken', {
      description: `BTP Gestion (${props.stage}): token of POST /api/setup (first super administrator)`,
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    NagSuppressions.addResourceSuppressions(sessionKey, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'A new signing key signs every user out, and rotating it needs a rotation Lambda; sessions last 12 h at most. If the key leaks, ops replace it by hand (aws secretsmanager put-secret-value).',
      },
    ]);
    NagSuppressions.addResourceSuppressions(setupToken, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Single use: it only serves POST /api/setup until the first super administrator exists; after that the route answers 409 whatever the token, so rotating it protects nothing.',
      },
    ]);

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

    // ---- Functions --------------------------------------------------------------------------------
    // CloudFormation takes at most 500 resources per stack and the route table is heading for ~80
    // routes, so what can be shared is: one log group for every function (Lambda names each stream
    // `YYYY/MM/DD/<function name>[…]`, so the logs of one route stay apart) and one role per
    // permission profile (functions whose routes declare the same access share exactly the same
    // rights). A route then costs 4 resources: function, invoke permission, integration, route.
    const functionLogs = new logs.LogGroup(this, 'FunctionLogs', {
      retention: functionDefaults.logRetention,
      removalPolicy: dataRemovalPolicy,
    });
    const documentsObjects = documents.arnForObjects('*');
    const roles = new Map<string, iam.Role>();
    const roleFor = (access: FunctionAccess): iam.Role => {
      const profile = [
        `${capitalize(access.table)}Table`,
        access.documents ? `${capitalize(access.documents)}Documents` : '',
        access.secrets.sessionKey ? 'SessionKey' : '',
        access.secrets.setupToken ? 'SetupToken' : '',
        access.touchSessions ? 'TouchSessions' : '',
      ].join('');
      const existing = roles.get(profile);
      if (existing) return existing;
      // Instead of the managed AWSLambdaBasicExecutionRole (create and write any log group of the
      // account): write to the functions' log group, nothing else unless the route table says so.
      const role = new iam.Role(this, `FunctionRole${profile}`, {
        assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
        description: `BTP Gestion (${props.stage}) functions with access: ${profile}`,
      });
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          resources: [functionLogs.logGroupArn],
        }),
      );
      if (access.table !== 'none') {
        role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: access.table === 'write' ? tableWriteActions : tableReadActions,
            resources: tableResources,
          }),
        );
      }
      if (access.touchSessions) {
        role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: ['dynamodb:UpdateItem'],
            resources: [table.tableArn],
            conditions: {
              'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${sessionPartitionPrefix}*`] },
            },
          }),
        );
      }
      if (access.documents) {
        role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: access.documents === 'write' ? documentsWriteActions : documentsReadActions,
            resources: [documentsObjects],
          }),
        );
        role.addToPrincipalPolicy(
          new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [documents.bucketArn] }),
        );
        NagSuppressions.addResourceSuppressions(
          role,
          [
            {
              id: 'AwsSolutions-IAM5',
              reason:
                'Object keys are generated per document at run time, so object actions need a key wildcard; it covers this one bucket only, and tenancy is enforced by the handlers.',
              appliesTo: [
                `Resource::<${this.getLogicalId(documents.node.defaultChild as s3.CfnBucket)}.Arn>/*`,
              ],
            },
          ],
          true,
        );
      }
      if (access.secrets.sessionKey) sessionKey.grantRead(role);
      if (access.secrets.setupToken) setupToken.grantRead(role);
      roles.set(profile, role);
      return role;
    };

    const monitored: MonitoredFunction[] = [];
    const nodeFunction = (
      constructId: string,
      entry: string,
      description: string,
      tagValue: string,
      memorySize: number,
      access: FunctionAccess,
    ): nodejs.NodejsFunction => {
      const fn = new nodejs.NodejsFunction(this, constructId, {
        entry,
        handler: functionDefaults.handler,
        runtime: functionDefaults.runtime,
        architecture: functionDefaults.architecture,
        memorySize,
        timeout: functionDefaults.timeout,
        description,
        role: roleFor(access),
        logGroup: functionLogs,
        projectRoot: repoRoot,
        depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
        bundling,
        environment: {
          TABLE_NAME: table.tableName,
          NODE_OPTIONS: functionNodeOptions,
          LOG_LEVEL: 'info',
          // CloudFront serves the site over HTTPS only: `Secure` cookies with the `__Host-` prefix.
          COOKIE_SECURE: 'true',
          ...(access.documents ? { DOCUMENTS_BUCKET: documents.bucketName } : {}),
          // The secrets' ARNs, never their values: the functions read them from Secrets Manager.
          ...(access.secrets.sessionKey ? { [sessionKeySecretEnv]: sessionKey.secretArn } : {}),
          ...(access.secrets.setupToken ? { [setupTokenSecretEnv]: setupToken.secretArn } : {}),
        },
      });
      Tags.of(fn).add(functionTag, tagValue);
      NagSuppressions.addResourceSuppressions(fn, [
        {
          id: 'AwsSolutions-L1',
          reason:
            'nodejs22.x is a maintained LTS runtime (supported until Node 22 ends, April 2027), the closest to the Node versions the code is tested on; moving to nodejs24.x is one line in functionDefaults.',
        },
      ]);
      monitored.push({ label: tagValue === authorizerTagValue ? 'authorizer' : description, fn });
      return fn;
    };

    // Only built when a route needs it: a stack of public routes has no authorizer at all.
    let authorizer: HttpLambdaAuthorizer | undefined;
    if (routes.some((route) => route.access !== 'public')) {
      const authorizerFunction = nodeFunction(
        'Authorizer',
        props.authorizerEntry ?? authorizerEntry,
        'Session cookie authorizer',
        authorizerTagValue,
        functionDefaults.memorySize,
        // Sessions, users and companies are read to accept or refuse a request, and a session's
        // `lastSeenAt` is moved forward as it is used (the 2-hour inactivity expiry): session items
        // may be updated, nothing else may be written.
        { table: 'read', touchSessions: true, secrets: authorizerSecrets },
      );
      // No identity source, no cache. With an identity source (the Cookie header), API Gateway itself
      // answers a request without a cookie with `401 {"message":"Unauthorized"}`, and a refusal by the
      // authorizer is its `403 {"message":"Forbidden"}`: neither is the contract's
      // `401 {"error":"unauthenticated",...}`. Identity sources are optional for a REQUEST authorizer
      // when caching is off (AuthorizerResultTtlInSeconds 0; CloudFormation's IdentitySource reference,
      // and the API refuses an empty source only when the TTL is above 0). So the authorizer runs on
      // every request: for a valid session it returns the caller in the context; for a missing or
      // invalid one it lets the request through with an empty context, and the handler answers the
      // contract's 401. No cache also means a logout or a deactivation takes effect at once.
      authorizer = new HttpLambdaAuthorizer('SessionAuthorizer', authorizerFunction, {
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        identitySource: [],
        resultsCacheTtl: Duration.seconds(0),
      });
    }

    for (const route of routes) {
      const id = routeId(route);
      const fn = nodeFunction(
        `Fn${id}`,
        props.handlerEntry?.(route) ?? handlerEntry(route),
        `${route.method} ${route.path}`,
        id,
        route.memoryMb ?? functionDefaults.memorySize,
        { table: route.table, documents: route.documents, secrets: routeSecrets(route.handler) },
      );

      const httpRoute = new apigwv2.HttpRoute(this, `Route${id}`, {
        httpApi: api,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`Integration${id}`, fn, {
          payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
        }),
        authorizer: route.access === 'public' ? undefined : authorizer,
      });
      if (route.access === 'public') {
        NagSuppressions.addResourceSuppressions(httpRoute, [
          {
            id: 'AwsSolutions-APIG4',
            reason: `${route.method} ${route.path} is public by design in the route table (health, installation status and setup, sign-in, registration, the JSON 404); every non-public route has the session authorizer.`,
          },
        ]);
      }
    }

    // ---- Site -------------------------------------------------------------------------------------
    const siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: s3.BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 'site/',
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(7) }],
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
      ...(customDomain
        ? {
            domainNames: [customDomain.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', customDomain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      // Standard logs, without cookies: the session cookie must never land in a log.
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/',
      logIncludesCookies: false,
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
    NagSuppressions.addResourceSuppressions(distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'No geo restriction: the customers are French building-trade companies whose staff also work from abroad (cross-border sites, travel); sign-in is what protects the data.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF web ACL by default: it costs at least ~6 USD a month plus per-request fees, a decision for the operator. The API has stage throttling, the sign-in has its own failure limit; a web ACL can be attached to the distribution later without changing the app.',
      },
      ...(customDomain
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum protocol CloudFront fixes at TLSv1. Set the domainName and certificateArn context values to get TLSv1.2_2021.',
            },
          ]),
    ]);
    const siteUrl = customDomain
      ? `https://${customDomain.domainName}`
      : `https://${distribution.distributionDomainName}`;

    // The browser posts uploads to the bucket itself (presigned POST) and may fetch downloads
    // (presigned GET): only the site's origin may do so, with only these methods.
    documents.addCorsRule({
      allowedOrigins: [siteUrl],
      allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD, s3.HttpMethods.POST],
      allowedHeaders: ['*'],
      maxAge: 3600,
    });

    this.deploySite(siteBucket, distribution, props.frontendDist ?? path.join(repoRoot, 'frontend/dist'));

    // ---- Alarms -----------------------------------------------------------------------------------
    const monitoring = new Monitoring(this, 'Monitoring', {
      api,
      table,
      indexNames: tableDefinition.globalSecondaryIndexes.map((index) => index.indexName),
      functions: monitored,
      alarmEmail,
    });

    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'The application (SPA and /api)' });
    new CfnOutput(this, 'ApiUrl', { value: api.apiEndpoint, description: 'HTTP API, direct endpoint' });
    new CfnOutput(this, 'DistributionDomainName', {
      value: distribution.distributionDomainName,
      description: 'Target of the DNS record (CNAME or alias) of the custom domain',
    });
    new CfnOutput(this, 'SetupTokenSecretName', {
      value: setupToken.secretName,
      description:
        'aws secretsmanager get-secret-value --query SecretString --output text --secret-id <this>',
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: monitoring.topic.topicArn });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'DocumentsBucketName', { value: documents.bucketName });
    new CfnOutput(this, 'LogsBucketName', { value: logsBucket.bucketName });
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
    this.suppressBucketDeploymentFindings();
  }

  /** CDK's BucketDeployment runs one shared Lambda function (a singleton) that CDK owns. */
  private suppressBucketDeploymentFindings(): void {
    for (const child of this.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      NagSuppressions.addResourceSuppressions(
        child,
        [
          {
            id: 'AwsSolutions-L1',
            reason:
              "CDK's BucketDeployment handler: its Python runtime is chosen and tested by the aws-cdk-lib release, not by this project.",
          },
          {
            id: 'AwsSolutions-IAM4',
            reason:
              "CDK's BucketDeployment handler role uses AWSLambdaBasicExecutionRole for its logs; the construct offers no way to scope it.",
            appliesTo: [
              'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
            ],
          },
          {
            id: 'AwsSolutions-IAM5',
            reason:
              "CDK's BucketDeployment copies the build's files (unknown keys) from the CDK asset bucket to the site bucket and invalidates the distribution: the grants CDK generates need object wildcards on those two buckets.",
            appliesTo: [
              'Action::s3:GetObject*',
              'Action::s3:GetBucket*',
              'Action::s3:List*',
              'Action::s3:DeleteObject*',
              'Action::s3:Abort*',
              { regex: '/^Resource::arn:[^:]+:s3:::cdk-[a-z0-9]+-assets-<AWS::AccountId>-[^/]+/\\*$/' },
              { regex: '/^Resource::<SiteBucket[0-9A-F]+\\.Arn>/\\*$/' },
              'Resource::*',
            ],
          },
        ],
        true,
      );
    }
  }
}

/** What a function may reach: its route's table and documents access, and the secrets it reads. */
interface FunctionAccess {
  readonly table: TableAccess;
  readonly documents?: 'read' | 'write';
  readonly secrets: RouteSecrets;
  /** `UpdateItem` on session items only (`pk` = `SESSION#<id>`, docs/data-model.md). */
  readonly touchSessions?: boolean;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function validateCustomDomain(
  domainName: string | undefined,
  certificateArn: string | undefined,
): { domainName: string; certificateArn: string } | undefined {
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) {
    throw new Error('A custom domain needs both domainName and certificateArn (context values).');
  }
  if (!Token.isUnresolved(domainName) && !domainNamePattern.test(domainName)) {
    throw new Error(`Invalid domainName "${domainName}": a lowercase host name such as gestion.example.fr.`);
  }
  if (!Token.isUnresolved(certificateArn) && !cloudFrontCertificateArn.test(certificateArn)) {
    throw new Error(
      `Invalid certificateArn "${certificateArn}": CloudFront needs an ACM certificate of region us-east-1 (arn:aws:acm:us-east-1:<account>:certificate/<id>).`,
    );
  }
  return { domainName, certificateArn };
}

function validateEmail(email: string | undefined): string | undefined {
  if (!email) return undefined;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`Invalid alarmEmail "${email}".`);
  return email;
}
