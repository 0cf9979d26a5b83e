/**
 * The bell's routes (docs/reminders-notifications.md): the company's latest notifications, each
 * read or not by the caller, and marking them read. Records are those of `notify.ts`: one per
 * event in the company's partition, with `readBy`, the set of the users who read it.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NOTIFICATION_LIST_LIMIT } from '@btp/shared/notification-kinds';
import type { AppNotification, NotificationList } from '@btp/shared/notifications';
import { companyPk, sortKeyPrefix } from '../data/keys.js';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { notificationSkPrefix } from './notify.js';

interface StoredNotification {
  pk: string;
  sk: string;
  id: string;
  kind: AppNotification['kind'];
  title: string;
  body?: string;
  link?: string;
  createdAt: string;
  expiresAt?: number;
  readBy?: Set<string>;
}

/** The company's latest notifications, newest first, without those past their expiry (TTL deletes late). */
async function latest(companyId: string, now: Date): Promise<StoredNotification[]> {
  try {
    const output = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...sortKeyPrefix(companyPk(companyId), notificationSkPrefix),
        ScanIndexForward: false,
        Limit: NOTIFICATION_LIST_LIMIT,
        ConsistentRead: true,
      }),
    );
    const nowSeconds = Math.floor(now.getTime() / 1000);
    return ((output.Items ?? []) as StoredNotification[]).filter(
      (item) => item.expiresAt === undefined || item.expiresAt > nowSeconds,
    );
  } catch (error) {
    throw awsErrorToHttp(error) ?? error;
  }
}

function view(item: StoredNotification, userId: string): AppNotification {
  return {
    id: item.id,
    kind: item.kind,
    title: item.title,
    ...(item.body !== undefined ? { body: item.body } : {}),
    ...(item.link !== undefined ? { link: item.link } : {}),
    createdAt: item.createdAt,
    read: item.readBy?.has(userId) ?? false,
  };
}

function list(items: StoredNotification[], userId: string): NotificationList {
  const views = items.map((item) => view(item, userId));
  return { items: views, unreadCount: views.filter((item) => !item.read).length };
}

/** `GET /api/notifications`: the latest 50 of the caller's company and how many the caller has not read. */
export async function listNotifications(
  companyId: string,
  userId: string,
  now: Date = new Date(),
): Promise<NotificationList> {
  return list(await latest(companyId, now), userId);
}

/**
 * `POST /api/notifications/read`: marks read for the caller the given notifications among the
 * latest 50 (an id that is not one of them, another company's for instance, is ignored), or all of
 * them when no ids are given. Answers the list as it is then.
 */
export async function markNotificationsRead(
  companyId: string,
  userId: string,
  ids: string[] | undefined,
  now: Date = new Date(),
): Promise<NotificationList> {
  const items = await latest(companyId, now);
  const wanted = ids ? new Set(ids) : undefined;
  const toMark = items.filter((item) => (!wanted || wanted.has(item.id)) && !item.readBy?.has(userId));
  await Promise.all(
    toMark.map(async (item) => {
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: item.pk, sk: item.sk },
            UpdateExpression: 'ADD readBy :user',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':user': new Set([userId]) },
          }),
        );
        item.readBy = new Set([...(item.readBy ?? []), userId]);
      } catch (error) {
        // Expired and deleted meanwhile: nothing left to mark.
        if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return;
        throw awsErrorToHttp(error) ?? error;
      }
    }),
  );
  return list(items, userId);
}
