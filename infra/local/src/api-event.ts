import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayRequestAuthorizerEventV2,
} from 'aws-lambda';
import { routeKeyOf, type RouteMatch } from '@btp/shared/routes';

const textContentType = /^(text\/|application\/(json|[a-z.+-]*\+json|x-www-form-urlencoded|xml|javascript))/i;

export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

/**
 * Turns an HTTP request into the API Gateway HTTP API event (payload format 2.0) that Lambda
 * receives: lower-cased headers with repeated values joined by commas, cookies moved out of the
 * headers into `cookies`, text bodies as text and anything else base64-encoded.
 */
export function toApiEvent(
  request: IncomingMessage,
  body: Buffer,
  match: RouteMatch,
): APIGatewayProxyEventV2 {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const method = (request.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  let cookies: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const joined = Array.isArray(value) ? value.join(',') : value;
    if (name === 'cookie') {
      cookies = joined
        .split(/;\s*/)
        .map((cookie) => cookie.trim())
        .filter(Boolean);
    } else {
      headers[name] = joined;
    }
  }
  const sourceIp = request.socket.remoteAddress ?? '127.0.0.1';
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ?? sourceIp;
  headers['x-forwarded-proto'] = 'http';

  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    query[name] = name in query ? `${query[name]},${value}` : value;
  }
  const contentType = headers['content-type'] ?? '';
  const isText = body.byteLength === 0 || textContentType.test(contentType);
  const routeKey = routeKeyOf(match.route);
  const now = new Date();

  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    ...(body.byteLength ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
  };
}

/** The REQUEST authorizer event (payload 2.0) API Gateway sends before a protected route. */
export function toAuthorizerEvent(event: APIGatewayProxyEventV2): APIGatewayRequestAuthorizerEventV2 {
  return {
    version: '2.0',
    type: 'REQUEST',
    routeArn: `arn:aws:execute-api:local:local:local/$default/${event.routeKey.replace(' ', '')}`,
    identitySource: event.cookies?.length ? [event.cookies.join('; ')] : [],
    routeKey: event.routeKey,
    rawPath: event.rawPath,
    rawQueryString: event.rawQueryString,
    cookies: event.cookies ?? [],
    headers: event.headers,
    queryStringParameters: event.queryStringParameters ?? {},
    requestContext: event.requestContext,
    pathParameters: event.pathParameters ?? {},
    stageVariables: {},
  } as APIGatewayRequestAuthorizerEventV2;
}

/**
 * Turns a function's result into the HTTP answer as API Gateway does: a structured result is used
 * as it is; anything else is sent as a 200 JSON body.
 */
export function fromApiResult(result: APIGatewayProxyResultV2 | undefined): HttpResponse {
  if (
    result &&
    typeof result === 'object' &&
    'statusCode' in result &&
    typeof result.statusCode === 'number'
  ) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(result.headers ?? {}))
      headers[name.toLowerCase()] = String(value);
    const raw = result.body ?? '';
    return {
      statusCode: result.statusCode,
      headers,
      cookies: result.cookies ?? [],
      body: result.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8'),
    };
  }
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    cookies: [],
    body: Buffer.from(typeof result === 'string' ? result : JSON.stringify(result ?? null), 'utf8'),
  };
}
