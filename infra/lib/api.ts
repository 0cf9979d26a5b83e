import { Duration } from 'aws-cdk-lib';
import type { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { defaultRoutePath, routeId, routeKeyOf } from '@btp/shared/routes';
import type { RouteDefinition } from '@btp/shared/routes';
import type { Data } from './data.js';
import type { Documents } from './documents.js';
import { authorizerTagValue, functionDefaults, Functions } from './functions.js';
import type { Mail } from './mail.js';
import { authorizerSecrets, routeSecrets } from './route-secrets.js';
import { RouteStack } from './route-stacks.js';
import type { RouteTables } from './route-stacks.js';
import type { Secrets } from './secrets.js';

export interface ApiProps {
  readonly stage: string;
  /** Of the access log group and the functions' log group: RETAIN in `prod`. */
  readonly removalPolicy: RemovalPolicy;
  /** The route tables: each one's functions, integrations and routes go in a nested stack of its own. */
  readonly routeTables: RouteTables;
  /** Entry file of a route's handler. */
  readonly handlerEntry: (route: RouteDefinition) => string;
  /** Entry file of the session authorizer. */
  readonly authorizerEntry: string;
  readonly data: Data;
  readonly documents: Documents;
  readonly secrets: Secrets;
  /** SES sending, for the routes marked `mail`. */
  readonly mail?: Mail;
  /** The price-list import queue, for the routes marked `importQueue`. */
  readonly importQueue?: sqs.IQueue;
}

/** The functions one managed policy of the API's invoke role names (see {@link Api}). */
const functionsPerInvokePolicy = 40;

/**
 * A route's Lambda proxy integration (payload 2.0) that API Gateway invokes with the API's invoke
 * role ({@link Api}) instead of a resource-based permission on the function: one role for every
 * route rather than one `AWS::Lambda::Permission` per route, which kept the stack under
 * CloudFormation's 500 resources no longer (docs/deploy.md).
 */
class RoleInvokedLambdaIntegration extends apigwv2.HttpRouteIntegration {
  constructor(
    id: string,
    private readonly handler: lambda.IFunction,
    private readonly invokeRole: iam.IRole,
  ) {
    super(id);
  }

  bind(): apigwv2.HttpRouteIntegrationConfig {
    return {
      type: apigwv2.HttpIntegrationType.AWS_PROXY,
      uri: this.handler.functionArn,
      payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
      credentials: apigwv2.IntegrationCredentials.fromRole(this.invokeRole),
    };
  }
}

/**
 * The HTTP API: its `$default` stage (throttling, JSON access logs in a log group of their own), one
 * Lambda function and one route per route-table entry, and the session authorizer on every
 * non-public route. The functions, their log group and roles are {@link Functions}. API Gateway
 * invokes the routes' functions with one role (`ApiInvokeRole`) allowed to invoke exactly those
 * functions, and the authorizer through its own resource-based permission.
 *
 * A route's function, integration and route are in the nested stack of its route table
 * ({@link RouteStack}): the main stack would pass CloudFormation's 500 resources with ~140 routes.
 * The API, its stage, the authorizer, the roles, the invoke role and its policies, and the log
 * groups are created with the main stack as their scope, so that they keep their logical IDs (see
 * `BtpStack`).
 */
export class Api {
  readonly httpApi: apigwv2.HttpApi;
  readonly functions: Functions;
  /** Each route's function, by `routeId`. */
  readonly routeFunctions = new Map<string, lambda.Function>();

  constructor(stack: Stack, props: ApiProps) {
    const accessLogs = new logs.LogGroup(stack, 'ApiAccessLogs', {
      retention: functionDefaults.logRetention,
      removalPolicy: props.removalPolicy,
    });
    // The default stage is added by hand: HttpApi's own default stage takes no throttling nor logs.
    this.httpApi = new apigwv2.HttpApi(stack, 'Api', {
      apiName: `btp-gestion-${props.stage}`,
      description: 'BTP Gestion API (served under /api by CloudFront)',
      createDefaultStage: false,
    });
    this.httpApi.addStage('DefaultStage', {
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

    this.functions = new Functions(stack, {
      stage: props.stage,
      removalPolicy: props.removalPolicy,
      data: props.data,
      documents: props.documents,
      secrets: props.secrets,
      mail: props.mail,
      importQueue: props.importQueue,
    });

    // Only built when a route needs it: a stack of public routes has no authorizer at all.
    const authorizer = Object.values(props.routeTables).some((routes) =>
      routes.some((route) => route.access !== 'public'),
    )
      ? this.sessionAuthorizer(props.authorizerEntry)
      : undefined;

    // Assumed by API Gateway to invoke the routes' functions, and allowed nothing else.
    const invokeRole = new iam.Role(stack, 'ApiInvokeRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      description: `BTP Gestion (${props.stage}) API: invokes the routes' functions`,
    });
    const routeFunctions: lambda.IFunction[] = [];
    const routeKeys = new Set<string>();

    for (const [table, routes] of Object.entries(props.routeTables)) {
      if (routes.length === 0) continue;
      const routeStack = new RouteStack(stack, table, props.stage);
      for (const route of routes) {
        const key = routeKeyOf(route);
        if (routeKeys.has(key)) throw new Error(`Route ${key} is in the route tables twice.`);
        routeKeys.add(key);
        routeFunctions.push(this.addRoute(routeStack, route, props, invokeRole, authorizer));
      }
    }
    // Every route's function named (no wildcard), in managed policies of at most
    // `functionsPerInvokePolicy` ARNs each: a managed policy holds 6,144 characters, a function's
    // ARN up to ~115 (its name up to 64), and a role takes 10 managed policies by default.
    for (let start = 0; start < routeFunctions.length; start += functionsPerInvokePolicy) {
      new iam.ManagedPolicy(stack, `ApiInvokePolicy${start / functionsPerInvokePolicy + 1}`, {
        description: `BTP Gestion (${props.stage}) API: invokes the routes' functions (part ${start / functionsPerInvokePolicy + 1})`,
        roles: [invokeRole],
        statements: [
          new iam.PolicyStatement({
            actions: ['lambda:InvokeFunction'],
            resources: routeFunctions
              .slice(start, start + functionsPerInvokePolicy)
              .map((fn) => fn.functionArn),
          }),
        ],
      });
    }
  }

  /** A route's function, integration and route, in its route table's nested stack. */
  private addRoute(
    routeStack: RouteStack,
    route: RouteDefinition,
    props: ApiProps,
    invokeRole: iam.IRole,
    authorizer: HttpLambdaAuthorizer | undefined,
  ): lambda.IFunction {
    const id = routeId(route);
    const fn = this.functions.add(
      {
        constructId: `Fn${id}`,
        entry: props.handlerEntry(route),
        description: `${route.method} ${route.path}`,
        tagValue: id,
        memorySize: route.memoryMb ?? functionDefaults.memorySize,
        access: {
          table: route.table,
          documents: route.documents,
          secrets: routeSecrets(route.handler),
          mail: route.mail === true,
          ...(route.einvoicing ? { einvoicing: route.einvoicing } : {}),
          importQueue: route.importQueue === true,
          exportJob: route.exportJob === true,
          route: true,
        },
      },
      routeStack,
    );
    this.routeFunctions.set(id, fn);
    const httpRoute = new apigwv2.HttpRoute(routeStack, `Route${id}`, {
      httpApi: this.httpApi,
      routeKey:
        route.path === defaultRoutePath
          ? apigwv2.HttpRouteKey.DEFAULT
          : apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
      integration: new RoleInvokedLambdaIntegration(`Integration${id}`, fn, invokeRole),
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
    return fn;
  }

  private sessionAuthorizer(entry: string): HttpLambdaAuthorizer {
    const authorizerFunction = this.functions.add({
      constructId: 'Authorizer',
      entry,
      description: 'Session cookie authorizer',
      tagValue: authorizerTagValue,
      memorySize: functionDefaults.memorySize,
      // Sessions, users and companies are read to accept or refuse a request, and a session's
      // `lastSeenAt` is moved forward as it is used (the 2-hour inactivity expiry): session items
      // may be updated, nothing else may be written.
      access: { table: 'read', touchSessions: true, secrets: authorizerSecrets },
    });
    // No identity source, no cache. With an identity source (the Cookie header), API Gateway itself
    // answers a request without a cookie with `401 {"message":"Unauthorized"}`, and a refusal by the
    // authorizer is its `403 {"message":"Forbidden"}`: neither is the contract's
    // `401 {"error":"unauthenticated",...}`. Identity sources are optional for a REQUEST authorizer
    // when caching is off (AuthorizerResultTtlInSeconds 0; CloudFormation's IdentitySource reference,
    // and the API refuses an empty source only when the TTL is above 0). So the authorizer runs on
    // every request: for a valid session it returns the caller in the context; for a missing or
    // invalid one it lets the request through with an empty context, and the handler answers the
    // contract's 401. No cache also means a logout or a deactivation takes effect at once.
    return new HttpLambdaAuthorizer('SessionAuthorizer', authorizerFunction, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [],
      resultsCacheTtl: Duration.seconds(0),
    });
  }
}
