import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { systemKeys } from '@btp/shared/table';
import { db, tableName } from '../lib/dynamo.js';

/**
 * Whether the product is installed: a super administrator exists. The installation marker is
 * written in the same transaction as the first super administrator (POST /api/setup).
 */
export async function isInstalled(): Promise<boolean> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: systemKeys.installation,
      ConsistentRead: true,
      ProjectionExpression: 'pk',
    }),
  );
  return Item !== undefined;
}
