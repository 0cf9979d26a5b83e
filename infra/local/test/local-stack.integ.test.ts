import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { routes } from '@btp/shared/routes';
import { systemKeys } from '@btp/shared/table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCredentials } from '../src/dynamodb-local.js';
import { startLocalStack, tableName, type LocalStack } from '../src/local-stack.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'btp-local-'));
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack({
    port: 0,
    dataDir,
    spaDir: join(fixtures, 'spa'),
    routes: [
      ...routes,
      // A protected route served by the health handler, to exercise the authorizer step.
      { method: 'GET', path: '/api/test/private', handler: 'health/get', access: 'user', table: 'none' },
    ],
    authorizerPath: join(fixtures, 'functions', 'allow-authorizer.ts'),
  });
}, 90_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the local stack, through every layer', () => {
  it('GET /api/health answers {"status":"ok"} with the API headers', async () => {
    const response = await fetch(`${stack.url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/setup/status reads DynamoDB Local: not installed on a fresh DATA_DIR', async () => {
    const response = await fetch(`${stack.url}/api/setup/status`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ installed: false });
  });

  it('unknown /api paths answer the 404 JSON of the contract, at any depth and method', async () => {
    for (const path of ['/api/anything-else', '/api/clients/123/nope']) {
      const response = await fetch(`${stack.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'not_found' });
    }
    const post = await fetch(`${stack.url}/api/nope`, {
      method: 'POST',
      headers: { 'x-requested-with': 'fetch', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(post.status).toBe(404);
  });

  it('refuses a write without the CSRF header', async () => {
    const response = await fetch(`${stack.url}/api/nope`, { method: 'DELETE' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'csrf' });
  });

  it('serves the SPA for screens (deep links) with its security headers', async () => {
    for (const path of ['/', '/clients', '/quotes/123', '/nimporte-quoi']) {
      const response = await fetch(`${stack.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(await response.text()).toContain('<html lang="fr">');
    }
    const missingAsset = await fetch(`${stack.url}/assets/missing-123.js`);
    expect(missingAsset.status).toBe(404);
  });

  it('runs the authorizer before a protected route, as API Gateway does', async () => {
    const anonymous = await fetch(`${stack.url}/api/test/private`);
    expect(anonymous.status).toBe(403);
    const refused = await fetch(`${stack.url}/api/test/private`, { headers: { cookie: 'session=bad' } });
    expect(refused.status).toBe(403);
    const allowed = await fetch(`${stack.url}/api/test/private`, { headers: { cookie: 'session=good' } });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ status: 'ok' });
  });

  it('keeps its data across a restart', async () => {
    // The installation marker, as the first super administrator's setup writes it.
    const client = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: stack.dynamoEndpoint,
        region: 'eu-west-3',
        credentials: localCredentials,
      }),
    );
    await client.send(new PutCommand({ TableName: tableName, Item: { ...systemKeys.installation } }));
    client.destroy();
    expect(await (await fetch(`${stack.url}/api/setup/status`)).json()).toEqual({ installed: true });

    // Same DynamoDB port: the functions' module-level client of this test process stays valid.
    const dynamoPort = Number(new URL(stack.dynamoEndpoint).port);
    await stack.stop();
    stack = await startLocalStack({ port: 0, dataDir, spaDir: join(fixtures, 'spa'), dynamoPort });
    expect(await (await fetch(`${stack.url}/api/setup/status`)).json()).toEqual({ installed: true });
  }, 90_000);
});
