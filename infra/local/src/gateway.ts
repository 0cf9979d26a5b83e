import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewaySimpleAuthorizerWithContextResult,
  Context,
} from 'aws-lambda';
import { matchRoute, type RouteDefinition } from '@btp/shared/routes';
import { fromApiResult, toApiEvent, toAuthorizerEvent, type HttpResponse } from './api-event.js';

/** API Gateway's own payload limit for HTTP APIs (10 MB); handlers apply the contract's limits. */
export const maxRequestBytes = 10 * 1024 * 1024;

export type LambdaHandler<Event, Result> = (event: Event, context: Context) => Promise<Result>;
export type ApiHandler = LambdaHandler<APIGatewayProxyEventV2, APIGatewayProxyResultV2>;
export type Authorizer = LambdaHandler<
  ReturnType<typeof toAuthorizerEvent>,
  APIGatewaySimpleAuthorizerWithContextResult<Record<string, unknown>>
>;

export interface GatewayOptions {
  routes: readonly RouteDefinition[];
  /** Loads a route's handler module (the same module Lambda runs). */
  loadHandler(route: RouteDefinition): Promise<ApiHandler>;
  /** Loads the authorizer run before every non-public route. */
  loadAuthorizer(): Promise<Authorizer>;
  /** Called once per answered request, e.g. to print a log line. */
  onRequest?(entry: { method: string; path: string; status: number; ms: number }): void;
}

function lambdaContext(functionName: string, timeoutMs = 10_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:local:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** API Gateway's own answers (not the contract's): the local gateway mimics them exactly. */
function gatewayAnswer(statusCode: number, message: string): HttpResponse {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'x-content-type-options': 'nosniff' },
    cookies: [],
    body: Buffer.from(JSON.stringify({ message })),
  };
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxRequestBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The local API Gateway: matches the route as API Gateway does, runs the authorizer before
 * non-public routes, invokes the route's handler with a payload 2.0 event and writes its result.
 */
export function createGateway(options: GatewayOptions) {
  const handlers = new Map<string, Promise<ApiHandler>>();
  let authorizer: Promise<Authorizer> | undefined;

  /** Answers the request; `requestId` becomes the event's `requestContext.requestId`. */
  async function answer(request: IncomingMessage, requestId: string): Promise<HttpResponse> {
    const method = (request.method ?? 'GET').toUpperCase();
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const match = matchRoute(options.routes, method, path);
    const body = await readBody(request);
    if (body === undefined) return gatewayAnswer(413, 'Request Entity Too Large');
    if (!match) return gatewayAnswer(404, 'Not Found');
    const event = toApiEvent(request, body, match);
    event.requestContext.requestId = requestId;

    if (match.route.access !== 'public') {
      // As configured on AWS: no identity source and no cache, so the authorizer runs on every
      // request to a protected route, with or without a cookie, and the handler answers the
      // contract's JSON 401/403 (API Gateway's own refusals would not carry it).
      authorizer ??= options.loadAuthorizer();
      const decision = await (await authorizer)(toAuthorizerEvent(event), lambdaContext('authorizer'));
      if (!decision.isAuthorized) return gatewayAnswer(403, 'Forbidden');
      (event.requestContext as { authorizer?: unknown }).authorizer = { lambda: decision.context ?? {} };
    }

    const key = match.route.handler;
    let handler = handlers.get(key);
    if (!handler) {
      handler = options.loadHandler(match.route);
      handlers.set(key, handler);
      handler.catch(() => handlers.delete(key));
    }
    return fromApiResult(await (await handler)(event, lambdaContext(key)));
  }

  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const started = Date.now();
    // One id per request, as API Gateway's `$context.requestId`: in the event, and in the
    // `apigw-requestid` header of every answer, its own answers included.
    const requestId = randomUUID();
    let result: HttpResponse;
    try {
      result = await answer(request, requestId);
    } catch (error) {
      // An uncaught error in a function: API Gateway answers 500 without details.
      console.error(
        JSON.stringify({
          level: 'ERROR',
          message: 'Function failed',
          correlation_id: requestId,
          error: String(error),
        }),
      );
      result = gatewayAnswer(500, 'Internal Server Error');
    }
    const headers: Record<string, string | string[]> = { ...result.headers, 'apigw-requestid': requestId };
    if (result.cookies.length) headers['set-cookie'] = result.cookies;
    headers['content-length'] = String(result.body.byteLength);
    response.writeHead(result.statusCode, headers);
    response.end(result.body);
    options.onRequest?.({
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      status: result.statusCode,
      ms: Date.now() - started,
    });
  };
}
