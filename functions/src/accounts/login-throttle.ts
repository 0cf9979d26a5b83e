import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { awsErrorToHttp, withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { boundedKey, maxPartitionKeyBytes, normaliseUnique } from '../data/keys.js';

/** Sign-in attempts allowed on one account (or unknown identifier) within the window (DESIGN section 3). */
export const maxFailures = 10;
export const failureWindowMs = 15 * 60 * 1000;

/**
 * Whose attempts are counted: the account once the identifier names one (so its username and its
 * e-mail share one budget), else the identifier as typed (normalised), so unknown identifiers are
 * throttled the same way and answer the same.
 */
export type ThrottleSubject = { userId: string } | { identifier: string };

const throttleKey = (subject: ThrottleSubject) =>
  'userId' in subject
    ? { pk: `LOGINFAIL#${subject.userId}`, sk: 'LOGINFAIL#ACCOUNT' }
    : {
        pk: boundedKey('LOGINFAIL#', normaliseUnique(subject.identifier), maxPartitionKeyBytes),
        sk: 'LOGINFAIL',
      };

const conditionFailed = (error: unknown) =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

/**
 * Takes one attempt from the subject's budget before the password is hashed: one conditional
 * update counts it, so parallel attempts cannot all pass a check made before any is counted.
 * Answers 0 when the attempt may go on, else the milliseconds until sign-in reopens. An attempt
 * that succeeds gives the budget back (`clearAttempts`); a failed one stays counted.
 */
export async function takeAttempt(subject: ThrottleSubject, now = Date.now()): Promise<number> {
  const key = throttleKey(subject);
  const cutoff = now - failureWindowMs;
  // A window that ended may be replaced while we look: three rounds settle any such race.
  for (let round = 0; round < 3; round += 1) {
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
            ':cutoff': cutoff,
            ':expires': Math.ceil((now + failureWindowMs) / 1000) + 60,
          },
        }),
      );
      return 0;
    } catch (error) {
      if (!conditionFailed(error)) throw awsErrorToHttp(error) ?? error;
    }
    // A window is running: count in it unless its budget is spent.
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'ADD failures :one',
          ConditionExpression: 'attribute_exists(pk) AND windowStart > :cutoff AND failures < :max',
          ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff, ':max': maxFailures },
        }),
      );
      return 0;
    } catch (error) {
      if (!conditionFailed(error)) throw awsErrorToHttp(error) ?? error;
    }
    const { Item } = await withAwsErrors(() =>
      db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true })),
    );
    if (Item && Number(Item.windowStart) > cutoff && Number(Item.failures) >= maxFailures) {
      return Number(Item.windowStart) + failureWindowMs - now;
    }
  }
  // Still racing with windows that open and close: refuse this one attempt rather than hash unseen.
  return 60_000;
}

/** A successful sign-in gives the budget back. */
export async function clearAttempts(subject: ThrottleSubject): Promise<void> {
  await withAwsErrors(() =>
    db().send(new DeleteCommand({ TableName: tableName(), Key: throttleKey(subject) })),
  );
}
