import { Duration, Tags } from 'aws-cdk-lib';
import type { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { TableAccess } from '@btp/shared/routes';
import { bundledCode } from './bundling.js';
import type { Data } from './data.js';
import type { Documents } from './documents.js';
import type { MonitoredFunction } from './monitoring.js';
import type { RouteSecrets } from './route-secrets.js';
import { originVerifyEnv, platformSecretPrefixEnv, type Secrets } from './secrets.js';

/** Tag put on every function of the application (route handlers and authorizer), not on CDK helpers. */
export const functionTag = 'btp:function';
/** Tag put on the scheduled jobs' functions instead of {@link functionTag} (they serve no route). */
export const jobTag = 'btp:job';
/** Value of {@link functionTag} on the authorizer; route handlers carry their `routeId`. */
export const authorizerTagValue = 'authorizer';

export const functionDefaults = {
  runtime: lambda.Runtime.NODEJS_22_X,
  architecture: lambda.Architecture.ARM_64,
  handler: 'index.handler',
  memorySize: 256,
  timeout: Duration.seconds(10),
  logRetention: logs.RetentionDays.ONE_MONTH,
} as const;

/** What a function may reach: its route's table and documents access, and the secrets it reads. */
export interface FunctionAccess {
  readonly table: TableAccess;
  readonly documents?: 'read' | 'write';
  readonly secrets: RouteSecrets;
  /** `UpdateItem` on session items only (`pk` = `SESSION#<id>`, docs/data-model.md). */
  readonly touchSessions?: boolean;
  /** Sends e-mail: SES from the stack's identity only, and the `MAIL_*` / `APP_URL` environment. */
  readonly mail?: boolean;
  /**
   * Talks to the companies' plateformes agréées (docs/einvoicing-network.md): reads (or also writes)
   * their secrets under the stage's e-invoicing prefix, and calls out over HTTPS (the functions run
   * outside any VPC: Lambda's own internet access, nothing to configure).
   */
  readonly einvoicing?: 'read' | 'write';
  /** Sends to the price-list import queue (docs/library.md), and gets its URL. */
  readonly importQueue?: boolean;
  /** Starts the accounting export: may invoke its worker (granted by the stack once it exists). */
  readonly exportJob?: boolean;
  /** Serves a route: refuses requests that did not come through CloudFront (`ORIGIN_VERIFY`). */
  readonly route?: boolean;
}

/** One application function: its construct id, handler entry file and settings. */
export interface FunctionSpec {
  readonly constructId: string;
  readonly entry: string;
  readonly description: string;
  /** Value of {@link functionTag}: the route's `routeId`, or {@link authorizerTagValue}. */
  readonly tagValue: string;
  /** The tag's key: {@link functionTag} (route handlers and authorizer) unless given ({@link jobTag}). */
  readonly tagKey?: string;
  /** MB. */
  readonly memorySize: number;
  /** Default: {@link functionDefaults}' 10 s (API Gateway's limit is 30 s); a scheduled job may need more. */
  readonly timeout?: Duration;
  readonly access: FunctionAccess;
}

export interface FunctionsProps {
  readonly stage: string;
  /** Of the functions' log group: RETAIN in `prod`. */
  readonly removalPolicy: RemovalPolicy;
  readonly data: Data;
  readonly documents: Documents;
  readonly secrets: Secrets;
  /** Needed when a function sends e-mail (`access.mail`): the stack's `Mail` (mail.ts). */
  readonly mail?: MailSenders;
  /** The price-list import queue, for the functions with `access.importQueue`. */
  readonly importQueue?: sqs.IQueue;
}

/** What the functions need of the stack's mail (`Mail`, mail.ts, which builds on this module). */
export interface MailSenders {
  /** The `MAIL_*` environment of a function that sends. */
  environment(): Record<string, string>;
  /** Records a function that sends, to give it `APP_URL` once the site's URL is known. */
  addSender(fn: lambda.Function): void;
  /** Lets `role` send from the stack's identity only, with its configuration set. */
  grantSend(role: iam.IGrantable): void;
}

/**
 * The application's Lambda functions (route handlers and authorizer): their common settings, the one
 * log group they all write to, and one IAM role per permission profile, granting what the route
 * table asks for and nothing else.
 *
 * CloudFormation takes at most 500 resources per stack and the route table holds over 100 routes,
 * so what can be shared is: one log group for every function (Lambda names each stream
 * `YYYY/MM/DD/<function name>[…]`, so the logs of one route stay apart) and one role per permission
 * profile (functions whose routes declare the same access share exactly the same rights). With the
 * API's invoke role (`api.ts`) a route then costs 3 resources: function, integration, route, and
 * those are in its route table's nested stack (`route-stacks.ts`).
 *
 * Roles, the log group and the functions that serve no route (authorizer, jobs) are created with the
 * main stack as their scope, so that they keep their logical IDs (see `BtpStack`).
 */
export class Functions {
  readonly logGroup: logs.LogGroup;
  /** Every function added, in order, with its alarm label. */
  readonly monitored: MonitoredFunction[] = [];
  private readonly roles = new Map<string, iam.Role>();
  private readonly stack: Stack;
  private readonly props: FunctionsProps;

  constructor(stack: Stack, props: FunctionsProps) {
    this.stack = stack;
    this.props = props;
    this.logGroup = new logs.LogGroup(stack, 'FunctionLogs', {
      retention: functionDefaults.logRetention,
      removalPolicy: props.removalPolicy,
    });
  }

  /**
   * A function of the given access. It is created in `scope` (a route table's nested stack,
   * `route-stacks.ts`) when given, else in the main stack; its role and log group are the main
   * stack's either way.
   */
  add(spec: FunctionSpec, scope: Construct = this.stack): lambda.Function {
    const { data, documents, secrets, mail } = this.props;
    const { access } = spec;
    if (access.mail && !mail) throw new Error(`${spec.constructId} sends e-mail but the stack has no Mail.`);
    const { importQueue } = this.props;
    if (access.importQueue && !importQueue) {
      throw new Error(`${spec.constructId} sends to the import queue but the stack has none.`);
    }
    const fn = new lambda.Function(scope, spec.constructId, {
      code: bundledCode(spec.entry),
      handler: functionDefaults.handler,
      runtime: functionDefaults.runtime,
      architecture: functionDefaults.architecture,
      memorySize: spec.memorySize,
      timeout: spec.timeout ?? functionDefaults.timeout,
      description: spec.description,
      role: this.roleFor(access),
      logGroup: this.logGroup,
      environment: {
        TABLE_NAME: data.table.tableName,
        LOG_LEVEL: 'info',
        // CloudFront serves the site over HTTPS only: `Secure` cookies with the `__Host-` prefix.
        COOKIE_SECURE: 'true',
        ...(access.documents ? { DOCUMENTS_BUCKET: documents.bucket.bucketName } : {}),
        // The secrets' ARNs, never their values: the functions read them from Secrets Manager.
        ...secrets.environment(access.secrets),
        ...(access.mail && mail ? mail.environment() : {}),
        ...(access.einvoicing ? { [platformSecretPrefixEnv]: secrets.platformSecretPrefix } : {}),
        ...(access.importQueue && importQueue ? { LIBRARY_IMPORT_QUEUE_URL: importQueue.queueUrl } : {}),
        ...(access.route ? { [originVerifyEnv]: secrets.originVerifyValue } : {}),
      },
    });
    if (access.mail) mail?.addSender(fn);
    Tags.of(fn).add(spec.tagKey ?? functionTag, spec.tagValue);
    NagSuppressions.addResourceSuppressions(fn, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'nodejs22.x is a maintained LTS runtime (supported until Node 22 ends, April 2027), the closest to the Node versions the code is tested on; moving to nodejs24.x is one line in functionDefaults.',
      },
    ]);
    this.monitored.push({
      label: spec.tagValue === authorizerTagValue ? 'authorizer' : spec.description,
      fn,
    });
    return fn;
  }

  /** The role of a permission profile, created the first time a function needs it. */
  private roleFor(access: FunctionAccess): iam.Role {
    const profile = [
      `${capitalize(access.table)}Table`,
      access.documents ? `${capitalize(access.documents)}Documents` : '',
      access.secrets.sessionKey ? 'SessionKey' : '',
      access.secrets.setupToken ? 'SetupToken' : '',
      access.touchSessions ? 'TouchSessions' : '',
      access.mail ? 'Mail' : '',
      access.einvoicing ? `Einvoicing${capitalize(access.einvoicing)}` : '',
      access.importQueue ? 'ImportQueue' : '',
      access.exportJob ? 'ExportJob' : '',
    ].join('');
    const existing = this.roles.get(profile);
    if (existing) return existing;
    // Instead of the managed AWSLambdaBasicExecutionRole (create and write any log group of the
    // account): write to the functions' log group, nothing else unless the route table says so.
    const role = new iam.Role(this.stack, `FunctionRole${profile}`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `BTP Gestion (${this.props.stage}) functions with access: ${profile}`,
    });
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );
    this.props.data.grantTable(role, access.table);
    if (access.touchSessions) this.props.data.grantSessionUpdates(role);
    if (access.documents) this.props.documents.grant(role, access.documents);
    this.props.secrets.grantRead(role, access.secrets);
    if (access.mail) this.props.mail?.grantSend(role);
    if (access.einvoicing) this.props.secrets.grantPlatformSecrets(role, access.einvoicing);
    if (access.importQueue) this.props.importQueue?.grantSendMessages(role);
    this.roles.set(profile, role);
    return role;
  }
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
