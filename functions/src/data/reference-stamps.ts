/**
 * Deleting a record that others may use (a client used by projects, quotes, invoices, documents;
 * a project used by quotes, invoices, supplier quotes and invoices, progress reports, documents;
 * a supplier used by supplier quotes and invoices, quote lines, documents)
 * without a window for a new use between the check and the deletion.
 *
 * Every write that makes a record refer to the client updates, in its own transaction, the
 * client's `refStamp` to a fresh value, on condition that the client exists (which also proves it
 * is in the caller's company partition). The deletion reads the client and its stamp, looks for
 * the records that use it (their id and link only), then deletes it on condition that neither its
 * version nor its stamp changed. So either the new use committed before the stamp was read (and
 * the check sees it: 409), or after (the deletion's condition fails and the check runs again), or
 * the deletion committed first (the new use's condition fails: 400, the client is gone). Legacy
 * records need no migration: a record without a stamp is simply one nobody has stamped yet.
 *
 * The stamp is a storage attribute (never in an answer); an ordinary update of the client (a
 * `Put` of the whole record) drops it, which is harmless: that update also changed the version.
 */
import { randomUUID } from 'node:crypto';
import { tableName } from '../lib/dynamo.js';
import type { Key } from './keys.js';
import type { TransactItem } from './transactions.js';

export const referenceStampAttribute = 'refStamp';

/** The item of a referring write's transaction that stamps the record at `target` (which must exist). */
export function referenceStamp(target: Key): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: target,
      UpdateExpression: 'SET #stamp = :stamp',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#stamp': referenceStampAttribute },
      ExpressionAttributeValues: { ':stamp': randomUUID() },
    },
  };
}

/** The condition of a deletion: the record still has the version and the stamp that were read. */
export function stampedDeleteCondition(
  version: number,
  stamp: unknown,
): {
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
} {
  return {
    ConditionExpression:
      typeof stamp === 'string'
        ? 'version = :version AND #stamp = :stamp'
        : 'version = :version AND attribute_not_exists(#stamp)',
    ExpressionAttributeNames: { '#stamp': referenceStampAttribute },
    ExpressionAttributeValues: {
      ':version': version,
      ...(typeof stamp === 'string' ? { ':stamp': stamp } : {}),
    },
  };
}
