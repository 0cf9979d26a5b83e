import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { withoutKeys } from './keys.js';

/**
 * Every record under one gsi1 partition (`USER`, `COMPANY`), most recent first, all pages: the
 * super administrator's cross-company lists.
 */
export async function queryAllByGsi1<T>(partition: string): Promise<T[]> {
  const records: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await withAwsErrors(() =>
      db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': partition },
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
        }),
      ),
    );
    for (const item of page.Items ?? []) records.push(withoutKeys<T>(item));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return records;
}
