import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { companyPk, sortKeyPrefix } from './keys.js';

/**
 * What follows `prefix` in the sort keys of the company's items that start with it (the ids a
 * link item names, e.g. `CREDIT_NOTE_OF#<invoiceId>#<noteId>` → the note ids), every page,
 * read consistently and keys only.
 */
export async function sortKeySuffixes(companyId: string, prefix: string): Promise<string[]> {
  const suffixes: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await withAwsErrors(() =>
      db().send(
        new QueryCommand({
          TableName: tableName(),
          ...sortKeyPrefix(companyPk(companyId), prefix),
          ProjectionExpression: 'sk',
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      ),
    );
    for (const item of page.Items ?? []) suffixes.push(String(item.sk).slice(prefix.length));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return suffixes;
}
