import { startDynamoLocal, type DynamoLocal } from '../src/dynamodb-local.js';

interface SharedDynamo {
  started: Promise<DynamoLocal>;
  users: number;
}

const key = Symbol.for('btp.testDynamoLocal');

/**
 * One DynamoDB Local (in memory) for the whole Vitest run, whichever projects' global setups ask
 * for it (the functions' and the local stack's integration tests): a JVM start and its warm-up cost
 * seconds and half a gigabyte. Global setups run in Vitest's main process, so the engine is kept on
 * `globalThis`; the last project to finish stops it. Each caller uses tables of its own.
 */
export async function acquireDynamoLocal(): Promise<{ endpoint: string; release(): Promise<void> }> {
  const holder = globalThis as typeof globalThis & { [key]?: SharedDynamo };
  const shared = (holder[key] ??= { started: startDynamoLocal({}), users: 0 });
  shared.users += 1;
  const dynamo = await shared.started;
  let released = false;
  return {
    endpoint: dynamo.endpoint,
    release: async () => {
      if (released) return;
      released = true;
      shared.users -= 1;
      if (shared.users > 0) return;
      delete holder[key];
      await dynamo.stop();
    },
  };
}
