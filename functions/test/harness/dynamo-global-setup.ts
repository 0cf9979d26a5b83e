import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { TestProject } from 'vitest/node';
import { ensureTable } from '../../../infra/local/src/create-table.js';
import { localCredentials } from '../../../infra/local/src/dynamodb-local.js';
import {
  acquireDynamoLocals,
  dynamoEndpointsVariable,
  workerCount,
} from '../../../infra/local/test/shared-dynamo.js';

/**
 * Integration tests run against the real DynamoDB Local, one engine per Vitest worker started for
 * the run by the local stack's own launcher (shared with the local stack's integration tests), in
 * memory, each with the table built from the shared definition. `dynamo-worker-setup.ts` points
 * each worker's functions at its own engine.
 */
export default async function setup(project: TestProject) {
  const dynamo = await acquireDynamoLocals(workerCount(project));
  await Promise.all(
    dynamo.endpoints.map(async (endpoint) => {
      const client = new DynamoDBClient({ endpoint, region: 'eu-west-3', credentials: localCredentials });
      await ensureTable(client, 'btp-test');
      client.destroy();
    }),
  );
  // Test workers start after this and inherit the environment.
  process.env[dynamoEndpointsVariable] = dynamo.endpoints.join(',');
  return dynamo.release;
}
