import { workerDynamoEndpoint } from '../../../infra/local/test/shared-dynamo.js';

// Each Vitest worker's functions talk to its own DynamoDB Local (`dynamo-global-setup.ts`); they
// read the environment on first use, after this.
process.env.DYNAMODB_ENDPOINT = workerDynamoEndpoint();
