import { Duration } from 'aws-cdk-lib';
import type { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { defaultRoutePath, routeId } from '@btp/shared/routes';
import type { RouteDefinition } from '@btp/shared/routes';
import type { Data } from './data.js';
import type { Documents } from './documents.js';
import { authorizerTagValue, functionDefaults, Functions } from './functions.js';
import type { Mail } from './mail.js';
import { authorizerSecrets, routeSecrets } from './route-secrets.js';
import type { Secrets } from './secrets.js';

export interface ApiProps {
  readonly stage: string;
  /** Of the access log group and the functions' log group: RETAIN in `prod`. */
  readonly removalPolicy: RemovalPolicy;
  readonly routes: readonly RouteDefinition[];
  /** Entry file of a route's handler. */
  readonly handlerEntry: (route: RouteDefinition) => string;
  /** Entry file of the session authorizer. */
  readonly authorizerEntry: string;
  readonly data: Data;
  readonly documents: Documents;
  readonly secrets: Secrets;
  /** SES sending, for the routes marked `mail`. */
  readonly mail?: Mail;
}

/**
 * The HTTP API: its `$default` stage (throttling, JSON access logs in a log group of their own), one
 * Lambda function and one route per route-table entry, and the session authorizer on every
 * non-public route. The functions, their log group and roles are {@link Functions}.
 *
 * Its resources are created with the stack as their scope, so that they keep their logical IDs (see
 * `BtpStack`).
 */
export class Api {
  readonly httpApi: apigwv2.HttpApi;
  readonly functions: Functions;

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
    });

    // Only built when a route needs it: a stack of public routes has no authorizer at all.
    const authorizer = props.routes.some((route) => route.access !== 'public')
      ? this.sessionAuthorizer(props.authorizerEntry)
      : undefined;

    for (const route of props.routes) {
      const id = routeId(route);
      const fn = this.functions.add({
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
        },
      });

      const httpRoute = new apigwv2.HttpRoute(stack, `Route${id}`, {
        httpApi: this.httpApi,
        routeKey:
          route.path === defaultRoutePath
            ? apigwv2.HttpRouteKey.DEFAULT
            : apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
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
