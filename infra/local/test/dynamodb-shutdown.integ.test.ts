import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { localCredentials, startDynamoLocal } from '../src/dynamodb-local.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const manager = fileURLToPath(new URL('./fixtures/dynamo-manager/run.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'btp-arret-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('stopping the local stack on a signal', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s stops DynamoDB Local through its own shutdown: the engine is gone and the data written before is there after a restart',
    async (signal) => {
      const child = spawn(join(repoRoot, 'node_modules', '.bin', 'tsx'), [manager, join(dataDir, signal)], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
      const lines = createInterface({ input: child.stdout });
      let javaPid = 0;
      for await (const line of lines) {
        if (line.startsWith('{')) {
          javaPid = (JSON.parse(line) as { javaPid: number }).javaPid;
          break;
        }
      }
      expect(javaPid).toBeGreaterThan(0);
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
      // The manager waited for the engine's own shutdown (not the last-resort SIGKILL), and no
      // DynamoDB Local is left running on the data.
      expect(errors).not.toContain('arrêt forcé');
      expect(alive(javaPid)).toBe(false);

      const restarted = await startDynamoLocal({ dataDir: join(dataDir, signal) });
      try {
        const client = new DynamoDBClient({
          endpoint: restarted.endpoint,
          region: 'eu-west-3',
          credentials: localCredentials,
        });
        const { Item } = await client.send(
          new GetItemCommand({ TableName: 'arret', Key: { pk: { S: 'dernier' } }, ConsistentRead: true }),
        );
        client.destroy();
        expect(Item?.value).toEqual({ S: 'écrit avant le signal' });
      } finally {
        await restarted.stop();
      }
    },
    180_000,
  );
});
