import { startDynamoLocal, type DynamoLocal } from '../src/dynamodb-local.js';
import type { TestProject } from 'vitest/node';

interface SharedDynamos {
  engines: Promise<DynamoLocal>[];
  users: number;
}

const key = Symbol.for('btp.testDynamoLocals');

/**
 * DynamoDB Local engines (in memory) for the whole Vitest run, one per Vitest worker, whichever
 * projects' global setups ask for them (the functions' and the local stack's integration tests).
 * Each engine does its SQLite work on one thread: two workers sharing one queue on it while a core
 * sits idle, so each worker talks to its own (`workerDynamoEndpoint()`). A start costs ~2.5 s of CPU
 * and half a gigabyte at most, once per worker and run. Global setups run in Vitest's main process,
 * so the engines are kept on `globalThis`; the last project to finish stops them. Each caller uses
 * tables of its own.
 */
export async function acquireDynamoLocals(
  count: number,
): Promise<{ endpoints: string[]; release(): Promise<void> }> {
  const holder = globalThis as typeof globalThis & { [key]?: SharedDynamos };
  const shared = (holder[key] ??= { engines: [], users: 0 });
  // The engines start side by side; a project asking for more workers than the last adds engines.
  // `BTP_TEST_DYNAMO_ENGINES=1`: one engine shared by every worker (to compare, docs/performance.md).
  const wanted = Number(process.env[enginesVariable]) || count;
  while (shared.engines.length < Math.max(1, wanted)) shared.engines.push(startDynamoLocal({}));
  shared.users += 1;
  const engines = await Promise.all(shared.engines);
  let released = false;
  return {
    endpoints: engines.map((engine) => engine.endpoint),
    release: async () => {
      if (released) return;
      released = true;
      shared.users -= 1;
      if (shared.users > 0) return;
      delete holder[key];
      await Promise.all(engines.map((engine) => engine.stop()));
    },
  };
}

/** How many engines to start instead of one per worker (unset: one per worker). */
export const enginesVariable = 'BTP_TEST_DYNAMO_ENGINES';

/** The environment variable through which the global setups hand the engines to the workers. */
export const dynamoEndpointsVariable = 'BTP_TEST_DYNAMODB_ENDPOINTS';

/**
 * The endpoint of this Vitest worker's own engine: Vitest numbers its workers 1 to `maxWorkers`
 * (`VITEST_POOL_ID`), and two files running at once never have the same number.
 */
export function workerDynamoEndpoint(): string {
  const endpoints = (process.env[dynamoEndpointsVariable] ?? '').split(',').filter(Boolean);
  if (endpoints.length === 0) {
    throw new Error(
      `${dynamoEndpointsVariable} is not set: run integration tests through Vitest (infra/vitest.integ.config.ts, functions/vitest.integ.config.ts).`,
    );
  }
  const worker = Number(process.env.VITEST_POOL_ID);
  const index = Number.isInteger(worker) && worker > 0 ? (worker - 1) % endpoints.length : 0;
  return endpoints[index]!;
}

/** How many workers Vitest runs the project's files on: as many engines. */
export function workerCount(project: TestProject): number {
  return project.config.maxWorkers || project.vitest.config.maxWorkers || 1;
}
