import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { conflict, type HttpError } from '../lib/http-errors.js';
import { db } from '../lib/dynamo.js';
import { figureImageOf } from './figure-images.js';
import { transactionExtension } from './transaction-extension.js';
import type { TransactItem } from './transact-item.js';

export type { TransactItem } from './transact-item.js';
export { extendTransactions, type TransactionExtension } from './transaction-extension.js';

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
 * `items` followed by the items the extension adds to them (the company aggregate updates their
 * records imply): the figures change in the same transaction as the records, or not at all.
 * Refuses more than `maxTransactionItems` in all, and refuses to write a record whose figures the
 * aggregates count (an item carrying a `FigureImage`) while no extension is installed: a record is
 * never written without its aggregates, however the process started.
 */
export async function withExtraItems(items: TransactItem[]): Promise<TransactItem[]> {
  const extension = transactionExtension();
  if (!extension && items.some((item) => figureImageOf(item) !== undefined)) {
    throw new Error(
      'A record counted by the aggregates is written while no transaction extension is installed: ' +
        "import 'aggregates/install.js' where the process starts (lib/http.ts does for every route).",
    );
  }
  const all = extension ? [...items, ...(await extension(items))] : items;
  if (all.length > maxTransactionItems) {
    throw new Error(`Transaction of ${all.length} items exceeds ${maxTransactionItems}`);
  }
  return all;
}

/** Tries of a transaction that only met another one on an item (the company aggregates, most often). */
const maxConflictAttempts = 6;

/** Whether a transaction failed only because another was writing one of its items at the same time. */
function onlyConcurrent(error: unknown): boolean {
  const codes = cancellationCodes(error);
  if (codes) return codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
  return error instanceof Error && error.name === 'TransactionConflictException';
}

/**
 * Writes all the items or none, with the aggregate updates they imply (`withExtraItems`). When a
 * condition fails, `explain` receives the index of the first failed item and names the contract's
 * error (a uniqueness message, a stale version…); other failures map as AWS errors do (throttling →
 * 503). A transaction that only met a concurrent one (two writes of the same company move its
 * aggregates) was not applied: it is tried again after a short random pause, then answers 409.
 * Nothing is half-written in any case.
 */
export async function transactWrite(
  items: TransactItem[],
  explain: (failedIndex: number) => HttpError | undefined = () => undefined,
): Promise<void> {
  if (items.length === 0) return;
  const all = await withExtraItems(items);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: all }));
      return;
    } catch (error) {
      if (onlyConcurrent(error) && attempt < maxConflictAttempts) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 5 * 2 ** attempt)));
        continue;
      }
      const codes = cancellationCodes(error);
      if (codes) {
        const failed = codes.findIndex((code) => code === 'ConditionalCheckFailed');
        if (failed >= 0) throw explain(failed) ?? conflict();
      }
      throw awsErrorToHttp(error) ?? error;
    }
  }
}

/** Whether an error is a transaction that lost a race and may simply be tried again. */
export function isRetryableConflict(error: unknown): boolean {
  const codes = cancellationCodes(error);
  if (codes) return codes.some((code) => code === 'TransactionConflict' || code === 'ConditionalCheckFailed');
  return error instanceof Error && error.name === 'TransactionConflictException';
}
