import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { apiEvent, jsonOf, lambdaContext } from '../test-support/api-event.js';
import { handler as health } from './health/get.js';
import { handler as notFound } from './not-found.js';
import { handler as setupStatus } from './setup/status.js';

const documents = mockClient(DynamoDBDocumentClient);
afterEach(() => documents.reset());

describe('first handlers', () => {
  it('GET /api/health answers {"status":"ok"}', async () => {
    const response = await health(apiEvent({ path: '/api/health' }), lambdaContext);
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toEqual({ status: 'ok' });
  });

  it('unknown /api paths answer 404 not_found in French', async () => {
    const response = await notFound(apiEvent({ path: '/api/nope' }), lambdaContext);
    expect(response.statusCode).toBe(404);
    expect(jsonOf(response)).toEqual({ error: 'not_found', message: "Cette adresse de l'API n'existe pas." });
  });

  it('answers 404 on the $default route without a session (/api, /api/), not cached', async () => {
    for (const path of ['/api', '/api/']) {
      for (const method of ['GET', 'POST']) {
        const response = await notFound(
          apiEvent({ method, path, routeKey: '$default', headers: { 'x-requested-with': 'fetch' } }),
          lambdaContext,
        );
        expect(response.statusCode).toBe(404);
        expect(response.headers).toMatchObject({ 'cache-control': 'no-store' });
        expect(jsonOf(response)).toMatchObject({ error: 'not_found' });
      }
    }
  });

  it('GET /api/setup/status answers 503 when the table cannot be read', async () => {
    documents.on(GetCommand).rejects(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }));
    const response = await setupStatus(apiEvent({ path: '/api/setup/status' }), lambdaContext);
    expect(response.statusCode).toBe(503);
    expect(jsonOf(response)).toMatchObject({ error: 'unavailable' });
  });
});
