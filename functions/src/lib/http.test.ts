import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it, vi } from 'vitest';
// As a schema module does: zod's own messages in French.
import '@btp/shared/zod-fr';
import * as z from 'zod';
import { apiEvent, jsonOf, lambdaContext } from '../test-support/api-event.js';
import { createHandler, maxJsonBodyBytes } from './http.js';
import { conflict } from './http-errors.js';
import { logger } from './logger.js';

const echo = createHandler(
  {
    body: z.object({ name: z.string().min(1, 'Le nom est requis'), count: z.number().int().optional() }),
    query: z.object({ limit: z.coerce.number().int().min(1).max(1000).optional() }),
  },
  async ({ body, query, principal }) => ({ statusCode: 201, body: { body, query, principal } }),
);

const jsonHeaders = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };

describe('the middleware stack', () => {
  it('parses and validates the body and the query, and answers JSON with security headers', async () => {
    const response = await echo(
      apiEvent({
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ name: 'Dupont', count: 3, extra: true }),
        query: { limit: '20' },
      }),
      lambdaContext,
    );
    expect(response.statusCode).toBe(201);
    expect(jsonOf(response)).toEqual({ body: { name: 'Dupont', count: 3 }, query: { limit: 20 } });
    expect(response.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  it('refuses a write without the CSRF header with 403 csrf', async () => {
    const response = await echo(
      apiEvent({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"a"}' }),
      lambdaContext,
    );
    expect(response.statusCode).toBe(403);
    expect(jsonOf(response)).toMatchObject({ error: 'csrf' });
  });

  it('answers 400 validation_error with French details per field', async () => {
    const response = await echo(
      apiEvent({ method: 'POST', headers: jsonHeaders, body: JSON.stringify({ name: '', count: 'x' }) }),
      lambdaContext,
    );
    expect(response.statusCode).toBe(400);
    const body = jsonOf(response) as { error: string; details: { path: string; message: string }[] };
    expect(body.error).toBe('validation_error');
    expect(body.details).toContainEqual({ path: 'name', message: 'Le nom est requis' });
    const countMessage = body.details.find((detail) => detail.path === 'count')?.message;
    expect(countMessage).toMatch(/nombre/);
  });

  it('reports query errors under the query prefix', async () => {
    const response = await echo(
      apiEvent({ method: 'POST', headers: jsonHeaders, body: '{"name":"a"}', query: { limit: '0' } }),
      lambdaContext,
    );
    expect(response.statusCode).toBe(400);
    expect((jsonOf(response) as { details: { path: string }[] }).details[0]?.path).toBe('query.limit');
  });

  it('answers 400 for malformed JSON, 415 for another content type, 413 over 256 KB', async () => {
    const malformed = await echo(
      apiEvent({ method: 'POST', headers: jsonHeaders, body: '{"name":' }),
      lambdaContext,
    );
    expect(malformed.statusCode).toBe(400);
    expect(jsonOf(malformed)).toMatchObject({ message: "Le corps de la requête n'est pas un JSON valide." });

    const text = await echo(
      apiEvent({
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'x-requested-with': 'fetch' },
        body: 'name',
      }),
      lambdaContext,
    );
    expect(text.statusCode).toBe(415);
    expect(jsonOf(text)).toMatchObject({ error: 'unsupported_media_type' });

    const big = await echo(
      apiEvent({
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ name: 'x'.repeat(maxJsonBodyBytes) }),
      }),
      lambdaContext,
    );
    expect(big.statusCode).toBe(413);
    expect(jsonOf(big)).toMatchObject({ error: 'payload_too_large' });
  });

  it('refuses a JSON body that is not an object (null, array, string, number, boolean) with 400, before any rule reads a field', async () => {
    // A refinement that reads fields, as `clientCreateInput`'s SIRET / VAT agreement does: it runs
    // even when the object failed, and `null.vatNumber` would throw (issue 33).
    const reading = vi.fn(async () => ({ statusCode: 201, body: {} }));
    const withRefinement = createHandler(
      {
        body: z
          .object({ siret: z.string().optional(), vatNumber: z.string().optional() })
          .refine((data) => data.vatNumber === undefined || data.siret !== undefined, {
            path: ['vatNumber'],
            when: () => true,
          }),
      },
      reading,
    );
    for (const body of ['null', '[]', '[{"siret":"1"}]', '"texte"', '42', 'true', 'false']) {
      const response = await withRefinement(
        apiEvent({ method: 'POST', headers: jsonHeaders, body }),
        lambdaContext,
      );
      expect(response.statusCode, body).toBe(400);
      expect(jsonOf(response), body).toEqual({
        error: 'validation_error',
        message: 'Le corps de la requête doit être un objet JSON : {"champ": valeur, …}.',
      });
    }
    expect(reading).not.toHaveBeenCalled();
    // An empty body is read as `{}`, as before.
    const empty = await withRefinement(apiEvent({ method: 'POST', headers: jsonHeaders }), lambdaContext);
    expect(empty.statusCode).toBe(201);
  });

  it('refuses a body nested deeper than 32 levels with 400, before validation (2,000 levels)', async () => {
    const nestedBody = (depth: number) => `{"name":"a","x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const atLimit = await echo(
      apiEvent({ method: 'POST', headers: jsonHeaders, body: nestedBody(32) }),
      lambdaContext,
    );
    expect(atLimit.statusCode).toBe(201);
    for (const depth of [33, 2_000]) {
      const deep = await echo(
        apiEvent({ method: 'POST', headers: jsonHeaders, body: nestedBody(depth) }),
        lambdaContext,
      );
      expect(deep.statusCode).toBe(400);
      expect(jsonOf(deep)).toEqual({
        error: 'validation_error',
        message: 'Le corps de la requête est trop imbriqué : au plus 32 niveaux.',
      });
    }
  });

  it('hands the authorizer identity to the handler', async () => {
    const response = await echo(
      apiEvent({
        method: 'POST',
        headers: jsonHeaders,
        body: '{"name":"a"}',
        authorizer: { userId: 'u1', companyId: 'c1', role: 'user' },
      }),
      lambdaContext,
    );
    expect((jsonOf(response) as { principal: unknown }).principal).toEqual({
      userId: 'u1',
      companyId: 'c1',
      role: 'user',
    });
  });

  it('shows the message of an expected error and hides an unexpected one', async () => {
    const failing = createHandler({}, async () => {
      throw conflict('Ce nom est déjà utilisé.');
    });
    const expected = await failing(apiEvent(), lambdaContext);
    expect(expected.statusCode).toBe(409);
    expect(jsonOf(expected)).toEqual({ error: 'conflict', message: 'Ce nom est déjà utilisé.' });

    const crashing = createHandler({}, async () => {
      throw new Error('Table btp-prod: secret internals at handler.ts:12');
    });
    const hidden = await crashing(apiEvent(), lambdaContext);
    expect(hidden.statusCode).toBe(500);
    expect(hidden.body).not.toMatch(/btp-prod|handler\.ts|secret/);
    expect(jsonOf(hidden)).toEqual({
      error: 'internal_error',
      message: 'Une erreur interne est survenue. Veuillez réessayer.',
      reference: 'req-1',
    });
  });
});

describe('a request that did not come through CloudFront', () => {
  /** The middleware stack of a fresh module graph, its configuration read from `env`. */
  async function handlerWith(env: Record<string, string | undefined>) {
    vi.resetModules();
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const http = await import('./http.js');
      const handler = http.createHandler({}, async () => ({ body: { ok: true } }));
      // Configuration is read on first use: once here, while `env` is set.
      await handler(apiEvent({ headers: { 'x-origin-verify': env.ORIGIN_VERIFY ?? '' } }), lambdaContext);
      return handler;
    } finally {
      process.env = saved;
    }
  }
  const secret = 'Ab3'.repeat(16);

  it("answers 403 without CloudFront's origin header, or with another value, before anything else", async () => {
    const handler = await handlerWith({ ORIGIN_VERIFY: secret });
    const refused: Record<string, string>[] = [
      {},
      { 'x-origin-verify': 'devine' },
      { 'x-origin-verify': `${secret}x` },
    ];
    for (const headers of refused) {
      const response = await handler(apiEvent({ method: 'POST', headers, body: '{' }), lambdaContext);
      expect(response.statusCode).toBe(403);
      expect(jsonOf(response)).toEqual({
        error: 'forbidden',
        message: "Accès refusé : l'API ne répond qu'à travers l'adresse de l'application.",
      });
    }
    const through = await handler(apiEvent({ headers: { 'x-origin-verify': secret } }), lambdaContext);
    expect(through.statusCode).toBe(200);
  });

  it('is not checked where no origin secret is configured (the local stack)', async () => {
    const handler = await handlerWith({ ORIGIN_VERIFY: undefined });
    expect((await handler(apiEvent(), lambdaContext)).statusCode).toBe(200);
  });
});

describe('the request id', () => {
  /** An event whose API Gateway request id differs from the Lambda invocation's id ('req-1'). */
  const eventWithId = (requestId: string, input: Parameters<typeof apiEvent>[0] = {}) => {
    const event = apiEvent(input);
    event.requestContext.requestId = requestId;
    return event;
  };

  it("is API Gateway's request id, in the x-request-id header of every answer", async () => {
    const ok = await echo(
      eventWithId('apigw-ok', { method: 'POST', headers: jsonHeaders, body: '{"name":"a"}' }),
      lambdaContext,
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.headers?.['x-request-id']).toBe('apigw-ok');

    const refused = await echo(
      eventWithId('apigw-csrf', { method: 'POST', body: '{"name":"a"}' }),
      lambdaContext,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.headers?.['x-request-id']).toBe('apigw-csrf');
  });

  it('is the reference of a 500 body, and not part of a 4xx body', async () => {
    const crashing = createHandler({}, async () => {
      throw new Error('boom');
    });
    const crashed = await crashing(eventWithId('apigw-500'), lambdaContext);
    expect(crashed.statusCode).toBe(500);
    expect(jsonOf(crashed)).toMatchObject({ error: 'internal_error', reference: 'apigw-500' });
    expect(crashed.headers?.['x-request-id']).toBe('apigw-500');

    const conflicting = createHandler({}, async () => {
      throw conflict('Ce nom est déjà utilisé.');
    });
    const refused = await conflicting(eventWithId('apigw-409'), lambdaContext);
    expect(jsonOf(refused)).toEqual({ error: 'conflict', message: 'Ce nom est déjà utilisé.' });
    expect(refused.headers?.['x-request-id']).toBe('apigw-409');
  });

  it('is the reference of a 503 body', async () => {
    const unreachable = createHandler({}, async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    });
    const response = await unreachable(eventWithId('apigw-503'), lambdaContext);
    expect(response.statusCode).toBe(503);
    expect(jsonOf(response)).toMatchObject({ error: 'unavailable', reference: 'apigw-503' });
  });
});

describe('AWS faults', () => {
  it('maps DynamoDB throttling to 503 unavailable without leaking the AWS error', async () => {
    const dynamo = mockClient(DynamoDBClient);
    const throttled = Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
      name: 'ProvisionedThroughputExceededException',
    });
    dynamo.on(GetItemCommand).rejects(throttled);
    const reader = createHandler({}, async () => {
      await new DynamoDBClient({ region: 'eu-west-3' }).send(
        new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'b' } } }),
      );
      return { body: {} };
    });
    const response = await reader(apiEvent(), lambdaContext);
    dynamo.restore();
    expect(response.statusCode).toBe(503);
    expect(jsonOf(response)).toMatchObject({ error: 'unavailable' });
    expect(response.body).not.toMatch(/throughput/i);
  });

  it('maps a cancelled transaction with a failed condition to 409 conflict', async () => {
    const dynamo = mockClient(DynamoDBClient);
    const cancelled = Object.assign(new Error('Transaction cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
    dynamo.on(GetItemCommand).rejects(cancelled);
    const writer = createHandler({}, async () => {
      await new DynamoDBClient({ region: 'eu-west-3' }).send(
        new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'b' } } }),
      );
      return { body: {} };
    });
    const response = await writer(apiEvent(), lambdaContext);
    dynamo.restore();
    expect(response.statusCode).toBe(409);
    expect(jsonOf(response)).toMatchObject({ error: 'conflict' });
  });

  it("maps DynamoDB's ValidationException (nesting, size, key length) to a logged 400 with the contract's body", async () => {
    const refusals = [
      Object.assign(new Error('Nesting Levels have exceeded supported limits'), {
        name: 'ValidationException',
      }),
      Object.assign(new Error('Transaction cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: [{ Code: 'None' }, { Code: 'ValidationError', Message: 'Hash primary key…' }],
      }),
    ];
    for (const refusal of refusals) {
      const dynamo = mockClient(DynamoDBClient);
      dynamo.on(GetItemCommand).rejects(refusal);
      const logged = vi.spyOn(logger, 'error');
      const writer = createHandler({}, async () => {
        await new DynamoDBClient({ region: 'eu-west-3' }).send(
          new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'b' } } }),
        );
        return { body: {} };
      });
      const response = await writer(apiEvent(), lambdaContext);
      dynamo.restore();
      expect(response.statusCode).toBe(400);
      expect(response.headers).toMatchObject({ 'cache-control': 'no-store' });
      expect(jsonOf(response)).toEqual({
        error: 'validation_error',
        message:
          'Ces données ne peuvent pas être enregistrées : elles sont trop volumineuses ou trop imbriquées.',
      });
      expect(response.body).not.toMatch(/Nesting|Hash|Exception/);
      expect(logged).toHaveBeenCalledOnce();
      logged.mockRestore();
    }
  });

  it('maps an unreachable database to 503', async () => {
    const dynamo = mockClient(DynamoDBClient);
    dynamo
      .on(GetItemCommand)
      .rejects(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const reader = createHandler({}, async () => {
      await new DynamoDBClient({ region: 'eu-west-3' }).send(
        new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' }, sk: { S: 'b' } } }),
      );
      return { body: {} };
    });
    const response = await reader(apiEvent(), lambdaContext);
    dynamo.restore();
    expect(response.statusCode).toBe(503);
  });
});
