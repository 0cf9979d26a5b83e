import { acquireDynamoLocal } from './shared-dynamo.js';
import { sharedDynamoVariable } from './support.js';

/**
 * One DynamoDB Local (in memory) for the whole run, shared with the functions' integration tests
 * (`shared-dynamo.ts`): test files take tables of their own (`startTestStack`). Test workers start
 * after this and inherit the environment.
 */
export default async function setup() {
  const dynamo = await acquireDynamoLocal();
  process.env[sharedDynamoVariable] = dynamo.endpoint;
  return dynamo.release;
}
