import path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { routeTables } from '@btp/shared/routes';
import type { RouteDefinition } from '@btp/shared/routes';
import { Api } from './api.js';
import { authorizerEntry, handlerEntry, repoRoot } from './bundling.js';
import { Data } from './data.js';
import { Documents } from './documents.js';
import { Mail, mailEventsHandler } from './mail.js';
import { AccountingExport, accountingExportJobHandler } from './accounting-export.js';
import { einvoicingJobHandler, Jobs, remindersJobHandler } from './jobs.js';
import { LibraryImports, libraryImportJobHandler } from './library-imports.js';
import { Monitoring, validateAlarmEmail } from './monitoring.js';
import type { RouteTables } from './route-stacks.js';
import { originVerifyHeader, Secrets } from './secrets.js';
import { Site, validateCustomDomain } from './site.js';

// The bundling options and entry files live in bundling.ts (the tests and `npm run bench:lambda` use
// them too); re-exported for the stack's users, with the names the parts below define.
export { esbuildOptions, repoRoot } from './bundling.js';
export { sessionPartitionPrefix } from './data.js';
export { authorizerTagValue, functionTag, jobTag } from './functions.js';
export { einvoicingJobTagValue, remindersJobTagValue } from './jobs.js';
export { accountingExportJobTagValue } from './accounting-export.js';
export { libraryImportJobTagValue } from './library-imports.js';
export type { RouteTables } from './route-stacks.js';
export { sessionKeySecretEnv, setupTokenSecretEnv } from './secrets.js';

export interface BtpStackProps extends StackProps {
  /** Deployment stage. `prod` turns on deletion protection and keeps data when the stack is deleted. */
  readonly stage: string;
  /**
   * Route tables to deploy, each in a nested stack of its own (`route-stacks.ts`); default: the
   * shared ones (tests pass their own).
   */
  readonly routeTables?: RouteTables;
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
  /** The address messages are sent from, e.g. `devis@example.fr` (docs/mail.md). */
  readonly mailFrom?: string;
  /** What SES verifies: the domain of {@link mailFrom} (default, DKIM) or the address alone. */
  readonly mailIdentity?: 'domain' | 'address';
}

/**
 * The whole product in one stack (docs/deploy.md), put together from its parts: {@link Data} (the
 * table), {@link Documents} (the documents bucket), {@link Secrets}, {@link Api} (the HTTP API and
 * its functions, `functions.ts`), {@link Site} (CloudFront and the SPA) and {@link Monitoring} (the
 * alarms). The logs bucket, which three of them write to, and the outputs are the stack's own.
 * The routes' functions, integrations and routes are in nested stacks, one per route table
 * (`route-stacks.ts`), deployed with this one: everything else is in this stack.
 *
 * Logical IDs come from the construct path, and the stack is deployed: a changed logical ID makes
 * CloudFormation replace the resource, or orphan it when it is retained (table, buckets, log groups).
 * So the parts other than Monitoring are plain classes, not constructs: they create their resources
 * with the stack itself as scope, at `<stack>/<id>` where the single constructor they came from put
 * them, and the template stays the same (byte for byte, since they also run in the same order).
 * Monitoring has always been a construct of its own (`Monitoring/…`). A new resource may go into a
 * construct of its own; an existing one must not move into one.
 */
export class BtpStack extends Stack {
  constructor(scope: Construct, id: string, props: BtpStackProps) {
    super(scope, id, props);

    const isProd = props.stage === 'prod';
    const dataRemovalPolicy = isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const customDomain = validateCustomDomain(props.domainName, props.certificateArn);
    const alarmEmail = validateAlarmEmail(props.alarmEmail);

    const data = new Data(this, { isProd, removalPolicy: dataRemovalPolicy });

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

    const documents = new Documents(this, {
      logsBucket,
      removalPolicy: dataRemovalPolicy,
      autoDeleteObjects: !isProd,
    });
    const secrets = new Secrets(this, { stage: props.stage });
    const mail = new Mail(this, {
      stage: props.stage,
      mailFrom: props.mailFrom,
      mailIdentity: props.mailIdentity,
    });
    // Before the API: its import route sends to the queue (docs/library.md).
    const libraryImports = new LibraryImports(this);
    const api = new Api(this, {
      stage: props.stage,
      removalPolicy: dataRemovalPolicy,
      routeTables: props.routeTables ?? routeTables,
      handlerEntry: props.handlerEntry ?? handlerEntry,
      authorizerEntry: props.authorizerEntry ?? authorizerEntry,
      data,
      documents,
      secrets,
      mail,
      importQueue: libraryImports.queue,
    });
    // Not a route: SES's bounces and complaints, from EventBridge (docs/mail.md).
    mail.addEventsHandler({
      functions: api.functions,
      data,
      entry: (props.handlerEntry ?? handlerEntry)({
        method: 'ANY',
        path: '$mail-events',
        handler: mailEventsHandler,
        access: 'public',
        table: 'write',
      }),
    });
    // Not routes: the daily payment reminders, on an EventBridge schedule (docs/reminders-notifications.md).
    const routeEntry = props.handlerEntry ?? handlerEntry;
    new Jobs(this, {
      functions: api.functions,
      remindersEntry: routeEntry({
        method: 'ANY',
        path: '$job',
        handler: remindersJobHandler,
        access: 'public',
        table: 'write',
      }),
      einvoicingEntry: routeEntry({
        method: 'ANY',
        path: '$job',
        handler: einvoicingJobHandler,
        access: 'public',
        table: 'write',
      }),
    });
    // Not a route: the price-list import worker, on its SQS queue (docs/library.md).
    libraryImports.addWorker(
      api.functions,
      routeEntry({
        method: 'ANY',
        path: '$job',
        handler: libraryImportJobHandler,
        access: 'public',
        table: 'write',
      }),
    );
    // Not a route: the accounting export worker, invoked by its route (docs/accounting.md).
    new AccountingExport({
      functions: api.functions,
      entry: routeEntry({
        method: 'ANY',
        path: '$job',
        handler: accountingExportJobHandler,
        access: 'public',
        table: 'write',
      }),
      routes: Object.values(props.routeTables ?? routeTables).flat(),
      routeFunctions: api.routeFunctions,
    });
    const site = new Site(this, {
      stage: props.stage,
      apiEndpoint: api.httpApi.apiEndpoint,
      originVerify: { header: originVerifyHeader, value: secrets.originVerifyValue },
      logsBucket,
      customDomain,
      frontendDist: props.frontendDist ?? path.join(repoRoot, 'frontend/dist'),
    });
    documents.allowBrowserAccessFrom(site.url);
    mail.setAppUrl(site.url);

    const monitoring = new Monitoring(this, 'Monitoring', {
      api: api.httpApi,
      table: data.table,
      indexNames: data.indexNames,
      functions: api.functions.monitored,
      alarmEmail,
    });

    new CfnOutput(this, 'SiteUrl', { value: site.url, description: 'The application (SPA and /api)' });
    new CfnOutput(this, 'ApiUrl', {
      value: api.httpApi.apiEndpoint,
      description: "HTTP API's own address: CloudFront's origin for /api; it answers 403 to anyone else",
    });
    new CfnOutput(this, 'DistributionDomainName', {
      value: site.distribution.distributionDomainName,
      description: 'Target of the DNS record (CNAME or alias) of the custom domain',
    });
    new CfnOutput(this, 'SetupTokenSecretName', {
      value: secrets.setupToken.secretName,
      description:
        'aws secretsmanager get-secret-value --query SecretString --output text --secret-id <this>',
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: monitoring.topic.topicArn });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    new CfnOutput(this, 'DocumentsBucketName', { value: documents.bucket.bucketName });
    new CfnOutput(this, 'LogsBucketName', { value: logsBucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: site.distribution.distributionId });
  }
}
