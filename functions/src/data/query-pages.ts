import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';

/** One page of a Query: its items (keys included) and how many it counted (`Select: 'COUNT'`). */
export interface QueryPage {
  items: Record<string, unknown>[];
  count: number;
}

/**
 * Every page of one Query of the table, in order, each read after the one before was taken: a
 * `for await` over it reads the whole result (and a `break` stops reading). DynamoDB's errors
 * become the API's (`withAwsErrors`).
 */
export async function* queryPages(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): AsyncGenerator<QueryPage> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await withAwsErrors(() =>
      db().send(new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey: startKey })),
    );
    yield { items: page?.Items ?? [], count: page?.Count ?? 0 };
    startKey = page?.LastEvaluatedKey;
  } while (startKey);
}
