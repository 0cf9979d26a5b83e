import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

/** One item of a DynamoDB transaction (`TransactWriteItems`). */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
