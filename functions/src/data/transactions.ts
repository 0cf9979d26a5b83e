import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { conflict, type HttpError } from '../lib/http-errors.js';
import { db } from '../lib/dynamo.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit of items in one transaction. */
export const maxTransactionItems = 100;

/**
 * Why each item of a cancelled transaction failed, in the order of the items
 * (`ConditionalCheckFailed`, `TransactionConflict`, `None`…), or `undefined` for another error.
 */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

/**
 * `items` followed by the updates of the company aggregates their records move
 * (`aggregates/maintain.ts`): the figures change in the same transaction as the records, or not at
 * all. Refuses more than `maxTransactionItems` in all.
 */
export async function withAggregates(items: TransactItem[]): Promise<TransactItem[]> {
  // Loaded on use: the aggregates read the entity modules, which import this one.
  const { aggregateItems } = await import('../aggregates/maintain.js');
  const all = [...items, ...(await aggregateItems(items))];
  if (all.length > maxTransactionItems) {
    throw new Error(`Transaction of ${all.length} items exceeds ${maxTransactionItems}`);
  }
  return all;
}

/**
 * Writes all the items or none, with the aggregate updates they imply (`withAggregates`). When a condition fails, `explain` receives the index of the first
 * failed item and names the contract's error (a uniqueness message, a stale version…); other
 * failures map as AWS errors do (throttling → 503). Nothing is half-written in any case.
 */
export async function transactWrite(
  items: TransactItem[],
  explain: (failedIndex: number) => HttpError | undefined = () => undefined,
): Promise<void> {
  if (items.length === 0) return;
  const all = await withAggregates(items);
  try {
    await db().send(new TransactWriteCommand({ TransactItems: all }));
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes) {
      const failed = codes.findIndex((code) => code === 'ConditionalCheckFailed');
      if (failed >= 0) throw explain(failed) ?? conflict();
    }
    throw awsErrorToHttp(error) ?? error;
  }
}

/** Whether an error is a transaction that lost a race and may simply be tried again. */
export function isRetryableConflict(error: unknown): boolean {
  const codes = cancellationCodes(error);
  if (codes) return codes.some((code) => code === 'TransactionConflict' || code === 'ConditionalCheckFailed');
  return error instanceof Error && error.name === 'TransactionConflictException';
}
