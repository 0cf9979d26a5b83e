import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
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

/**
 * Runs the manager (DynamoDB Local on `dataDir`, as `npm start` runs it), which writes the item
 * `signal`; sends it `signal` once it is ready, and answers what the engine had kept from earlier
 * runs, the manager's exit code, what it wrote on stderr and whether its engine is still running.
 */
async function managedThenStopped(signal: 'SIGTERM' | 'SIGINT') {
  const child = spawn(join(repoRoot, 'node_modules', '.bin', 'tsx'), [manager, dataDir, signal], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  const lines = createInterface({ input: child.stdout });
  let ready = { javaPid: 0, earlier: [] as string[] };
  for await (const line of lines) {
    if (line.startsWith('{')) {
      ready = JSON.parse(line) as typeof ready;
      break;
    }
  }
  expect(ready.javaPid, errors).toBeGreaterThan(0);
  const exited = once(child, 'exit');
  child.kill(signal);
  const [code] = (await exited) as [number | null];
  return { earlier: ready.earlier, code, errors, engineLeft: alive(ready.javaPid) };
}

describe('stopping the local stack on a signal', () => {
  // One data folder for both signals, so that each start after a stop is the restart that reads what
  // was written before it: three engine starts instead of four (a start is most of this file's time).
  it('SIGTERM, then SIGINT, stop DynamoDB Local through its own shutdown: the engine is gone and the data written before is there after a restart', async () => {
    const term = await managedThenStopped('SIGTERM');
    expect(term.earlier).toEqual([]);
    // The manager waited for the engine's own shutdown (not the last-resort SIGKILL), and no
    // DynamoDB Local is left running on the data.
    expect(term).toMatchObject({ code: 0, engineLeft: false });
    expect(term.errors).not.toContain('arrêt forcé');

    const int = await managedThenStopped('SIGINT');
    expect(int.earlier).toEqual(['SIGTERM']);
    expect(int).toMatchObject({ code: 0, engineLeft: false });
    expect(int.errors).not.toContain('arrêt forcé');

    const restarted = await startDynamoLocal({ dataDir });
    try {
      const client = new DynamoDBClient({
        endpoint: restarted.endpoint,
        region: 'eu-west-3',
        credentials: localCredentials,
      });
      const { Items = [] } = await client.send(new ScanCommand({ TableName: 'arret', ConsistentRead: true }));
      client.destroy();
      expect(Object.fromEntries(Items.map((item) => [item.pk?.S, item.value?.S]))).toEqual({
        SIGTERM: 'écrit avant SIGTERM',
        SIGINT: 'écrit avant SIGINT',
      });
    } finally {
      await restarted.stop();
    }
  }, 360_000);
});
