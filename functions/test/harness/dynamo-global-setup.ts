import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../../infra/local/src/create-table.js';
import { localCredentials, startDynamoLocal } from '../../../infra/local/src/dynamodb-local.js';

/**
 * Integration tests run against the real DynamoDB Local, started once for the run by the local
 * stack's own launcher, in memory, with the table built from the shared definition.
 */
export default async function setup() {
  const dynamo = await startDynamoLocal({});
  const client = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'eu-west-3',
    credentials: localCredentials,
  });
  await ensureTable(client, 'btp-test');
  client.destroy();
  // Test workers start after this and inherit the environment; the functions read it on first use.
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  return async () => {
    await dynamo.stop();
  };
}
