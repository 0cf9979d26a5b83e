/**
 * The reads of the price library's index items (`library-index.ts`, `entities/library.ts`): a
 * range of search or list keys, the users of an article or ouvrage, the family counters. Every
 * read is consistent (a record just written is found) and inside the caller's company partition.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { supplierArticlesPrefix, usagePrefix } from './entities/library.js';
import { companyPk, sortKeyPrefix, type Key } from './keys.js';

/** One page of index items of a key range, in key order, and the key to resume after. */
export interface IndexPage<T> {
  items: T[];
  lastKey?: Key;
}

/**
 * Up to `limit` items of the company's partition whose sort key starts with `prefix`, in key order,
 * after `startAfter` when given (a key of that range).
 */
export async function indexRange<T>(
  companyId: string,
  prefix: string,
  limit: number,
  startAfter?: Key,
): Promise<IndexPage<T & Key>> {
  const pk = companyPk(companyId);
  const result = await withAwsErrors(() =>
    db().send(
      new QueryCommand({
        TableName: tableName(),
        ...sortKeyPrefix(pk, prefix),
        ConsistentRead: true,
        Limit: limit,
        ExclusiveStartKey: startAfter,
      }),
    ),
  );
  return {
    items: (result.Items ?? []) as (T & Key)[],
    lastKey: result.LastEvaluatedKey as Key | undefined,
  };
}

/** Up to `limit` ids of the ouvrages that use the article or ouvrage `componentId`. */
export async function usersOf(companyId: string, componentId: string, limit: number): Promise<string[]> {
  const prefix = usagePrefix(componentId);
  const page = await indexRange<Key>(companyId, prefix, limit);
  return page.items.map((item) => item.sk.slice(prefix.length));
}

/** Every item of a key range (the family counters: one item per family the company uses). */
export async function wholeRange<T>(companyId: string, prefix: string): Promise<(T & Key)[]> {
  const all: (T & Key)[] = [];
  let startAfter: Key | undefined;
  do {
    const page = await indexRange<T>(companyId, prefix, 1_000, startAfter);
    all.push(...page.items);
    startAfter = page.lastKey;
  } while (startAfter);
  return all;
}

/** How many articles a supplier has (up to `limit`). */
export async function supplierArticleCount(
  companyId: string,
  supplierId: string,
  limit = 1_000,
): Promise<number> {
  const page = await indexRange<Key>(companyId, supplierArticlesPrefix(supplierId), limit);
  return page.items.length;
}
