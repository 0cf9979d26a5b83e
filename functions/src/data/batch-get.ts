import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { unavailable } from '../lib/http-errors.js';
import type { Key } from './keys.js';

/** What to read of each item (`projectionOf`), when not all of it. */
export interface Projection {
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
}

const maxKeysPerBatch = 100;
const maxAttempts = 6;
/** BatchGetItem calls in flight at once when the keys need more than one. */
const batchesInFlight = 4;

/**
 * The items at these keys, read consistently (a write just made is seen), 100 keys per
 * BatchGetItem, up to four of them in flight (a page of 1,000 invoices names up to 2,000 clients
 * and projects); keys DynamoDB leaves unprocessed are asked again with a growing pause, and after
 * six tries the answer is 503. Missing items are left out; the order is DynamoDB's.
 */
export async function batchGetConsistent(
  keys: readonly Key[],
  projection: Projection = {},
): Promise<Record<string, unknown>[]> {
  const batches: Key[][] = [];
  for (let start = 0; start < keys.length; start += maxKeysPerBatch) {
    batches.push(keys.slice(start, start + maxKeysPerBatch));
  }
  const items: Record<string, unknown>[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(batchesInFlight, batches.length) }, async () => {
      while (next < batches.length) {
        const batch = batches[next]!;
        next += 1;
        items.push(...(await readBatch(batch, projection)));
      }
    }),
  );
  return items;
}

/** One batch of at most 100 keys, its unprocessed keys asked again. */
async function readBatch(keys: Key[], projection: Projection): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let pending: Record<string, unknown>[] | undefined = keys;
  for (let attempt = 1; pending && pending.length > 0; attempt += 1) {
    const batch: Record<string, unknown>[] = pending;
    const result = await withAwsErrors(() =>
      db().send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: batch, ConsistentRead: true, ...projection } },
        }),
      ),
    );
    items.push(...(result.Responses?.[tableName()] ?? []));
    pending = result.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined;
    if (pending?.length) {
      if (attempt >= maxAttempts) throw unavailable();
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** (attempt - 1)));
    }
  }
  return items;
}
