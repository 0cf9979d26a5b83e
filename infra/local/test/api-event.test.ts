import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { matchRoute, type RouteDefinition } from '@btp/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromApiResult, toApiEvent } from '../src/api-event.js';
import { javaMajorVersion } from '../src/dynamodb-local.js';

const table: RouteDefinition[] = [
  { method: 'POST', path: '/api/items/{id}', handler: 'items/post', access: 'user', table: 'write' },
];
let server: Server;
let url: string;

beforeAll(async () => {
  // Echoes the event the gateway would hand to the function.
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = matchRoute(
        table,
        request.method ?? 'GET',
        new URL(request.url ?? '/', 'http://x').pathname,
      );
      const event = match ? toApiEvent(request, Buffer.concat(chunks), match) : null;
      response.end(JSON.stringify(event));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function eventFor(init: RequestInit & { path?: string }): Promise<APIGatewayProxyEventV2> {
  const response = await fetch(`${url}${init.path ?? '/api/items/a%20b?x=1&x=2&y=3'}`, {
    method: 'POST',
    ...init,
  });
  return (await response.json()) as APIGatewayProxyEventV2;
}

describe('API Gateway payload 2.0 events', () => {
  it('carries the route key, decoded path parameters, joined query values and cookies apart', async () => {
    const event = await eventFor({
      headers: { cookie: 'a=1; b=2', 'content-type': 'application/json', 'X-Requested-With': 'fetch' },
      body: '{"name":"Dupont"}',
    });
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('POST /api/items/{id}');
    expect(event.rawPath).toBe('/api/items/a%20b');
    expect(event.pathParameters).toEqual({ id: 'a b' });
    expect(event.queryStringParameters).toEqual({ x: '1,2', y: '3' });
    expect(event.rawQueryString).toBe('x=1&x=2&y=3');
    expect(event.cookies).toEqual(['a=1', 'b=2']);
    expect(event.headers.cookie).toBeUndefined();
    expect(event.headers['x-requested-with']).toBe('fetch');
    expect(event.body).toBe('{"name":"Dupont"}');
    expect(event.isBase64Encoded).toBe(false);
    expect(event.requestContext.http.method).toBe('POST');
  });

  it('base64-encodes binary bodies byte for byte', async () => {
    const bytes = Buffer.from([0, 255, 1, 254, 137, 80, 78, 71]);
    const event = await eventFor({ headers: { 'content-type': 'application/octet-stream' }, body: bytes });
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body ?? '', 'base64').equals(bytes)).toBe(true);
  });
});

describe('function results', () => {
  it('uses a structured result as it is and sends anything else as 200 JSON', () => {
    const structured = fromApiResult({
      statusCode: 201,
      headers: { 'X-Test': '1' },
      body: 'ok',
      cookies: ['s=1'],
    });
    expect(structured).toMatchObject({ statusCode: 201, headers: { 'x-test': '1' }, cookies: ['s=1'] });
    expect(structured.body.toString()).toBe('ok');
    const plain = fromApiResult({ hello: 'monde' } as never);
    expect(plain.statusCode).toBe(200);
    expect(JSON.parse(plain.body.toString())).toEqual({ hello: 'monde' });
  });
});

describe('Java', () => {
  it('is found at 17 or newer here, and reported missing for a command that does not exist', () => {
    expect(javaMajorVersion()).toBeGreaterThanOrEqual(17);
    expect(javaMajorVersion('/nonexistent/java')).toBeUndefined();
  });
});
