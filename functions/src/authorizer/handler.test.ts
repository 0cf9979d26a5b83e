import type { APIGatewayRequestAuthorizerEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('./authenticate.js');
  vi.unstubAllEnvs();
  vi.resetModules();
});

const event = {
  version: '2.0',
  type: 'REQUEST',
  routeKey: 'GET /api/clients',
  rawPath: '/api/clients',
  cookies: ['__Host-session=token'],
  headers: {},
  requestContext: { requestId: 'apigw-auth-1', http: { method: 'GET', path: '/api/clients' } },
} as unknown as APIGatewayRequestAuthorizerEventV2;

const context = {
  functionName: 'btp-authorizer',
  awsRequestId: 'lambda-auth-1',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

describe('the authorizer', () => {
  it('lets the request through with error "unavailable" and logs it with the request id and the route', async () => {
    vi.resetModules();
    vi.stubEnv('LOG_LEVEL', 'info');
    vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
    vi.doMock('./authenticate.js', () => ({
      authenticate: () => Promise.reject(new Error('connect ECONNREFUSED')),
    }));
    const { handler } = await import('./handler.js');
    const lines: Record<string, unknown>[] = [];
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(JSON.parse(String(chunk)));
      return true;
    });

    const decision = await handler(event, context).finally(() => err.mockRestore());

    expect(decision).toEqual({ isAuthorized: true, context: { error: 'unavailable' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'ERROR',
      message: 'Authorizer failed',
      function_name: 'btp-authorizer',
      function_request_id: 'lambda-auth-1',
      cold_start: true,
      correlation_id: 'apigw-auth-1',
      route: 'GET /api/clients',
      error: { name: 'Error', message: 'connect ECONNREFUSED' },
    });
    expect(JSON.stringify(lines[0])).not.toContain('token');
  });
});
