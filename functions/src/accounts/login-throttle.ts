import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { awsErrorToHttp, withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { boundedKey, maxPartitionKeyBytes, normaliseUnique } from '../data/keys.js';

/** Sign-in failures allowed on one identifier within the window (DESIGN section 3). */
export const maxFailures = 10;
export const failureWindowMs = 15 * 60 * 1000;

const failuresKey = (identifier: string) => ({
  pk: boundedKey('LOGINFAIL#', normaliseUnique(identifier), maxPartitionKeyBytes),
  sk: 'LOGINFAIL',
});

/** Milliseconds until sign-in reopens for this identifier, or 0 when it is open. */
export async function lockedFor(identifier: string, now = Date.now()): Promise<number> {
  const { Item } = await withAwsErrors(() =>
    db().send(new GetCommand({ TableName: tableName(), Key: failuresKey(identifier), ConsistentRead: true })),
  );
  if (!Item) return 0;
  const windowStart = Number(Item.windowStart);
  if (Number(Item.failures) < maxFailures || now - windowStart >= failureWindowMs) return 0;
  return windowStart + failureWindowMs - now;
}

/** Counts one failure: a new window opens when none is running. */
export async function recordFailure(identifier: string, now = Date.now()): Promise<void> {
  const key = failuresKey(identifier);
  const expiresAt = Math.ceil((now + failureWindowMs) / 1000) + 60;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET failures = :one, windowStart = :now, expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :cutoff',
        ExpressionAttributeValues: {
          ':one': 1,
          ':now': now,
          ':cutoff': now - failureWindowMs,
          ':expires': expiresAt,
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) {
      throw awsErrorToHttp(error) ?? error;
    }
    // A window is running: add to it (atomically, so concurrent failures all count).
    await withAwsErrors(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'ADD failures :one',
          ExpressionAttributeValues: { ':one': 1 },
        }),
      ),
    );
  }
}

/** A successful sign-in clears the count. */
export async function clearFailures(identifier: string): Promise<void> {
  await withAwsErrors(() =>
    db().send(new DeleteCommand({ TableName: tableName(), Key: failuresKey(identifier) })),
  );
}
