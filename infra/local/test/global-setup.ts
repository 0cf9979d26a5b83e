import type { TestProject } from 'vitest/node';
import { acquireDynamoLocals, dynamoEndpointsVariable, workerCount } from './shared-dynamo.js';

/**
 * One DynamoDB Local (in memory) per Vitest worker for the whole run, shared with the functions'
 * integration tests (`shared-dynamo.ts`): test files take tables of their own (`startTestStack`) in
 * their worker's engine. Test workers start after this and inherit the environment.
 */
export default async function setup(project: TestProject) {
  const dynamo = await acquireDynamoLocals(workerCount(project));
  process.env[dynamoEndpointsVariable] = dynamo.endpoints.join(',');
  return dynamo.release;
}
