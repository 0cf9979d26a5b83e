import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.js';
import { startLocalStack, startingMessage } from '../src/local-stack.js';

const dataDir = mkdtempSync(join(tmpdir(), 'btp-starting-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** A stand-in for DynamoDB Local that holds every request: the stack stays in its start-up. */
async function heldDynamo() {
  const held: ServerResponse[] = [];
  const server = createServer((_request, response) => {
    held.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Answers the held requests with an error that is not retried: the start-up fails and stops. */
    async fail() {
      for (const response of held.splice(0)) {
        response.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
        response.end(
          JSON.stringify({
            __type: 'com.amazonaws.dynamodb.v20120810#ValidationException',
            message: 'fin du test',
          }),
        );
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The first answer of the port once it listens. */
async function firstAnswer(url: string): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetch(url);
    } catch (error) {
      if (attempt > 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('the local stack while it starts', () => {
  it('answers 503 unavailable (JSON under /api, text elsewhere), never a 2xx', async () => {
    const dynamo = await heldDynamo();
    const port = await freePort();
    const starting = startLocalStack({
      port,
      dataDir,
      dynamoEndpoint: dynamo.endpoint,
      setupToken: 'jeton',
      tableName: 'btp-starting',
    });
    const failed = starting.then(
      () => 'started',
      () => 'failed',
    );

    try {
      const status = await firstAnswer(`http://localhost:${port}/api/setup/status`);
      expect(status.status).toBe(503);
      expect(status.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(status.headers.get('retry-after')).toBe('2');
      expect(await status.json()).toEqual({ error: 'unavailable', message: startingMessage });
      expect(startingMessage).toBe('Démarrage en cours…');

      const page = await fetch(`http://localhost:${port}/clients`);
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await page.text()).toBe('Démarrage en cours…');
    } finally {
      await dynamo.fail();
    }
    // The stack gave up and freed its port.
    expect(await failed).toBe('failed');
  });
});
