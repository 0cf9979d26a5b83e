import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../../infra/local/src/create-table.js';
import { localCredentials } from '../../../infra/local/src/dynamodb-local.js';
import { acquireDynamoLocal } from '../../../infra/local/test/shared-dynamo.js';

/**
 * Integration tests run against the real DynamoDB Local, started once for the run by the local
 * stack's own launcher (shared with the local stack's integration tests), in memory, with the table
 * built from the shared definition.
 */
export default async function setup() {
  const dynamo = await acquireDynamoLocal();
  const client = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'eu-west-3',
    credentials: localCredentials,
  });
  await ensureTable(client, 'btp-test');
  client.destroy();
  // Test workers start after this and inherit the environment; the functions read it on first use.
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  return dynamo.release;
}
