/**
 * A send is done once per `Idempotency-Key` (docs/sending.md): before anything is e-mailed, a
 * sending marker `COMPANY#<id>` / `SENDING#<key>` is put on condition that none exists. A repeat of
 * the key for the same record finds it and answers the first result (the record as it is now)
 * instead of sending again; while the first request is still under way it answers 409. A key used
 * for another record is refused (409). A marker is released when the first request failed before
 * anything was e-mailed, so that the same dialog may try again; it expires after a day.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { idempotencyKeyPattern } from '@btp/shared/sending-basics';
import { companyPk } from '../data/keys.js';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { badRequest, conflict } from '../lib/http-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { logger } from '../lib/logger.js';

/** How long a key is remembered, in seconds (a day). */
export const sendingMarkerTtlSeconds = 24 * 60 * 60;

export const idempotencyMessages = {
  invalidKey:
    "L'en-tête Idempotency-Key doit contenir de 8 à 128 caractères (lettres, chiffres, « - » ou « _ »).",
  inProgress: 'Cet envoi est déjà en cours : patientez quelques instants puis rechargez la page.',
  otherRecord: 'Cette clé d’envoi (Idempotency-Key) a déjà servi pour un autre document.',
} as const;

/** What a key names: one action on one record. */
export interface SendingSubject {
  /** `quote-send`, `invoice-email`… */
  action: string;
  recordId: string;
}

type MarkerState = 'pending' | 'done';

const markerKey = (companyId: string, key: string) => ({ pk: companyPk(companyId), sk: `SENDING#${key}` });

/** The key of the request, checked; `undefined` when the caller sent none. */
export function idempotencyKeyOf(headers: Record<string, string>): string | undefined {
  const key = headers['idempotency-key']?.trim();
  if (key === undefined || key === '') return undefined;
  if (!idempotencyKeyPattern.test(key)) throw badRequest(idempotencyMessages.invalidKey);
  return key;
}

/**
 * The outcome of {@link claimSending}: `first` when this request holds the key (it must then call
 * `done` or `release`), `repeat` when an earlier request with the key finished (answer it again).
 */
interface FirstClaim {
  kind: 'first';
  done: () => Promise<void>;
  release: () => Promise<void>;
}
export type SendingClaim = FirstClaim | { kind: 'repeat' };

const noKey: SendingClaim = { kind: 'first', done: async () => undefined, release: async () => undefined };

/** Claims `key` for `subject` (no key: nothing to claim). 409 while the first is under way, or for another record. */
export async function claimSending(
  companyId: string,
  key: string | undefined,
  subject: SendingSubject,
): Promise<SendingClaim> {
  if (key === undefined) return noKey;
  const itemKey = markerKey(companyId, key);
  const expiresAt = Math.floor(Date.now() / 1000) + sendingMarkerTtlSeconds;
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...itemKey, ...subject, state: 'pending' satisfies MarkerState, expiresAt },
        // An expired marker DynamoDB has not removed yet counts as absent.
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
        ExpressionAttributeValues: { ':now': Math.floor(Date.now() / 1000) },
      }),
    );
  } catch (error) {
    if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) {
      throw awsErrorToHttp(error) ?? error;
    }
    const found = await db().send(
      new GetCommand({ TableName: tableName(), Key: itemKey, ConsistentRead: true }),
    );
    const marker = found.Item as (SendingSubject & { state: MarkerState }) | undefined;
    if (!marker) return claimSending(companyId, key, subject);
    if (marker.action !== subject.action || marker.recordId !== subject.recordId) {
      throw conflict(idempotencyMessages.otherRecord);
    }
    if (marker.state === 'pending') throw conflict(idempotencyMessages.inProgress);
    return { kind: 'repeat' };
  }
  return {
    kind: 'first',
    done: async () => {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: itemKey,
          UpdateExpression: 'SET #state = :done',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':done': 'done' satisfies MarkerState },
        }),
      );
    },
    release: async () => {
      try {
        await db().send(new DeleteCommand({ TableName: tableName(), Key: itemKey }));
      } catch (error) {
        // Left pending, the key answers 409 until it expires: the dialog makes a new key when reopened.
        logger.warn('Marqueur d’envoi non libéré', { error });
      }
    },
  };
}
