import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

interface EventInput {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  query?: Record<string, string>;
  params?: Record<string, string>;
  authorizer?: Record<string, unknown>;
  /** API Gateway route key; by default the public `$default` route (the JSON 404). */
  routeKey?: string;
}

/** An API Gateway HTTP API (payload 2.0) event, as the gateway hands it to a function. */
export function apiEvent(input: EventInput = {}): APIGatewayProxyEventV2 {
  const method = input.method ?? 'GET';
  const path = input.path ?? '/api/test';
  const routeKey = input.routeKey ?? '$default';
  const event = {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: new URLSearchParams(input.query ?? {}).toString(),
    headers: input.headers ?? {},
    queryStringParameters: input.query,
    pathParameters: input.params,
    body: input.body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'req-1',
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      ...(input.authorizer ? { authorizer: { lambda: input.authorizer } } : {}),
    },
  };
  return event as APIGatewayProxyEventV2;
}

export const lambdaContext = {
  functionName: 'test',
  awsRequestId: 'req-1',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

/** The parsed JSON body of a handler's answer. */
export function jsonOf(response: APIGatewayProxyStructuredResultV2): unknown {
  return response.body === undefined ? undefined : JSON.parse(response.body);
}

/**
 * The body of `POST /api/supplier-invoices/import` as API Gateway hands it to the function: a
 * multipart form carrying `content` as `facture.xml`, base64-encoded, with its content type.
 */
export async function importFileRequest(content: string) {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/xml' }), 'facture.xml');
  const built = new Request('http://localhost/api/supplier-invoices/import', { method: 'POST', body: form });
  return {
    body: Buffer.from(await built.arrayBuffer()).toString('base64'),
    isBase64Encoded: true,
    contentType: built.headers.get('content-type') ?? undefined,
  };
}
