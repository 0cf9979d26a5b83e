import { startDynamoLocal } from '../src/dynamodb-local.js';
import { sharedDynamoVariable } from './support.js';

/**
 * One DynamoDB Local (in memory) for the whole integration run: a JVM start and its warm-up cost
 * seconds, so test files share it and each takes a table of its own (`startTestStack`).
 * Test workers start after this and inherit the environment.
 */
export default async function setup() {
  const dynamo = await startDynamoLocal({});
  process.env[sharedDynamoVariable] = dynamo.endpoint;
  return async () => {
    await dynamo.stop();
  };
}
