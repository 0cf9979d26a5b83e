import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../src/data/transactions.js';
import { db, tableName } from '../src/lib/dynamo.js';

/**
 * Stores the `Put` entries of records built by the repositories' `createItems` (the record and its
 * uniqueness markers, exactly as the API writes them) with BatchWriteItem, 25 at a time and four
 * batches in flight: thousands of records in seconds, for the tests that need more than a page.
 * Other entries (reference stamps on the linked records) are left out. `onProgress` is told how
 * many items are written after each batch (a long seed shows it moving).
 */
export async function batchPut(
  entries: readonly TransactItem[],
  onProgress?: (written: number, total: number) => void,
): Promise<void> {
  const items = entries.flatMap((entry) => (entry.Put ? [entry.Put.Item as Record<string, unknown>] : []));
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
  let next = 0;
  let written = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < batches.length) {
        const batch = batches[next];
        next += 1;
        if (!batch) continue;
        await writeBatch(batch);
        written += batch.length;
        onProgress?.(written, items.length);
      }
    }),
  );
}

async function writeBatch(items: Record<string, unknown>[]): Promise<void> {
  type Requests = { PutRequest: { Item: Record<string, unknown> } }[];
  let requests: Requests | undefined = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; requests && requests.length > 0; attempt += 1) {
    if (attempt > 8) throw new Error('BatchWriteItem keeps leaving items unprocessed');
    const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
    requests = result.UnprocessedItems?.[tableName()] as Requests | undefined;
    if (requests?.length) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
  }
}
