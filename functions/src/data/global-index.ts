import { batchGetConsistent } from './batch-get.js';
import { withoutKeys, type Key } from './keys.js';
import { queryPages } from './query-pages.js';

/**
 * Every record under one gsi1 partition (`USER`, `COMPANY`), most recent first, all pages: the
 * super administrator's cross-company lists.
 *
 * A global index is only eventually consistent: right after a write (a user activated, a company
 * renamed) it may still hold the old copy. So the index gives the keys and their order, and the
 * records themselves are read consistently from the table; one the index still lists but that is
 * gone is left out.
 */
export async function queryAllByGsi1<T>(partition: string): Promise<T[]> {
  const keys: Key[] = [];
  for await (const page of queryPages({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': partition },
    ProjectionExpression: 'pk, sk',
    ScanIndexForward: false,
  })) {
    for (const item of page.items) keys.push({ pk: String(item.pk), sk: String(item.sk) });
  }
  const byKey = new Map<string, Record<string, unknown>>();
  for (const item of await batchGetConsistent(keys))
    byKey.set(`${String(item.pk)}\n${String(item.sk)}`, item);
  return keys.flatMap((key) => {
    const item = byKey.get(`${key.pk}\n${key.sk}`);
    return item ? [withoutKeys<T>(item)] : [];
  });
}
