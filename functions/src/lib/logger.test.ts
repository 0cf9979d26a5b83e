import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiEvent } from '../test-support/api-event.js';

/** The JSON lines the functions write to stdout and stderr while `run` runs. */
async function capture(run: () => Promise<unknown>) {
  const stdout: Record<string, unknown>[] = [];
  const stderr: Record<string, unknown>[] = [];
  const parse = (into: Record<string, unknown>[]) => (chunk: unknown) => {
    for (const line of String(chunk).split('\n').filter(Boolean)) into.push(JSON.parse(line));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(parse(stdout));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(parse(stderr));
  try {
    await run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return { stdout, stderr };
}

function context(awsRequestId: string): Context {
  return {
    functionName: 'btp-clients-get',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-3:123456789012:function:btp-clients-get',
    memoryLimitInMB: '256',
    awsRequestId,
    getRemainingTimeInMillis: () => 10_000,
  } as unknown as Context;
}

/** A GET /api/clients/{id} event whose API Gateway request id is `requestId`. */
function clientEvent(requestId: string) {
  const event = apiEvent({
    path: '/api/clients/c1',
    routeKey: 'GET /api/clients/{id}',
    params: { id: 'c1' },
    authorizer: { userId: 'u1', companyId: 'co1', role: 'user' },
  });
  event.requestContext.requestId = requestId;
  return event;
}

/**
 * The modules loaded afresh, as a new Lambda instance loads them: the logger reads `LOG_LEVEL` and
 * the initialisation type (cold start) when it is created.
 */
async function freshModules(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { createHandler } = await import('./http.js');
  const { logger } = await import('./logger.js');
  return { createHandler, logger };
}

beforeEach(() => {
  vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the log lines of a request', () => {
  it('carry the Lambda request id, the cold start, the correlation id and the route', async () => {
    const { createHandler, logger } = await freshModules({ LOG_LEVEL: 'info' });
    const handler = createHandler({}, async () => {
      logger.info('Client lu');
      return { body: { id: 'c1' } };
    });

    const { stdout } = await capture(async () => {
      await handler(clientEvent('apigw-1'), context('lambda-1'));
      await handler(clientEvent('apigw-2'), context('lambda-2'));
    });

    expect(stdout).toHaveLength(2);
    expect(stdout[0]).toMatchObject({
      level: 'INFO',
      message: 'Client lu',
      service: 'btp-gestion',
      function_name: 'btp-clients-get',
      function_request_id: 'lambda-1',
      cold_start: true,
      correlation_id: 'apigw-1',
      route: 'GET /api/clients/{id}',
    });
    expect(stdout[1]).toMatchObject({
      function_request_id: 'lambda-2',
      cold_start: false,
      correlation_id: 'apigw-2',
      route: 'GET /api/clients/{id}',
    });
  });

  it('log an unexpected error on stderr with its cause, and nothing of its other fields', async () => {
    const { createHandler } = await freshModules({ LOG_LEVEL: 'info' });
    const handler = createHandler({}, async () => {
      const cause = Object.assign(new Error('connect ECONNRESET'), { password: 'Secret#2026' });
      throw Object.assign(new Error('Lecture impossible', { cause }), {
        $response: { headers: { cookie: 'session=abc' } },
        Item: { passwordHash: 'scrypt$…' },
      });
    });

    const { stdout, stderr } = await capture(() => handler(clientEvent('apigw-3'), context('lambda-3')));

    expect(stdout).toEqual([]);
    expect(stderr).toHaveLength(1);
    const line = stderr[0] as { error: Record<string, unknown> } & Record<string, unknown>;
    expect(line).toMatchObject({
      level: 'ERROR',
      message: 'Erreur inattendue',
      function_request_id: 'lambda-3',
      correlation_id: 'apigw-3',
      route: 'GET /api/clients/{id}',
    });
    expect(Object.keys(line.error).sort()).toEqual(['cause', 'message', 'name', 'stack']);
    expect(line.error).toMatchObject({
      message: 'Lecture impossible',
      cause: { name: 'Error', message: 'connect ECONNRESET' },
    });
    expect(JSON.stringify(line)).not.toMatch(/Secret#2026|session=abc|scrypt/);
  });

  it('log an error whose causes loop back to it once each', async () => {
    const { logger } = await freshModules({ LOG_LEVEL: 'info' });
    const first = new Error('première');
    const second = new Error('seconde', { cause: first });
    Object.assign(first, { cause: second });

    const { stderr } = await capture(async () => logger.error('Boucle', { error: first }));

    expect(stderr[0]?.error).toMatchObject({ message: 'première', cause: { message: 'seconde' } });
    expect(stderr[0]?.error).not.toHaveProperty('cause.cause');
  });

  it('leave no request keys behind once the request is answered', async () => {
    const { createHandler, logger } = await freshModules({ LOG_LEVEL: 'info' });
    const handler = createHandler({}, async () => ({ body: {} }));

    const { stdout } = await capture(async () => {
      await handler(clientEvent('apigw-4'), context('lambda-4'));
      logger.info('Hors requête');
    });

    expect(stdout[0]).not.toHaveProperty('correlation_id');
    expect(stdout[0]).not.toHaveProperty('route');
  });
});

describe('LOG_LEVEL', () => {
  it('keeps the lines at and above the level (warn: warn and error only)', async () => {
    const { logger } = await freshModules({ LOG_LEVEL: 'warn' });

    const { stdout, stderr } = await capture(async () => {
      logger.debug('détail');
      logger.info('information');
      logger.warn('attention');
      logger.error('erreur');
    });

    expect(stdout).toEqual([]);
    expect(stderr.map((line) => line.message)).toEqual(['attention', 'erreur']);
  });

  it('writes nothing when silent', async () => {
    const { logger } = await freshModules({ LOG_LEVEL: 'silent' });

    const { stdout, stderr } = await capture(async () => logger.error('erreur'));

    expect([...stdout, ...stderr]).toEqual([]);
  });
});
