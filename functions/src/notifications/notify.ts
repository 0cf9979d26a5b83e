/**
 * Notifications of a company (the bell of the page header): one record per event in the company's
 * partition, `COMPANY#<id>` / `NOTIF#<ISO time>#<id>`, read by every user of the company. Who has
 * read it is kept on the record itself (`readBy`, a string set of user ids), so "unread" is per
 * user with no record per user. Records expire (TTL `expiresAt`) 90 days after they are made.
 * docs/reminders-notifications.md.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { notificationKinds } from '@btp/shared/notifications';
import { newId } from '../data/ids.js';
import { companyPk } from '../data/keys.js';
import type { TransactItem } from '../data/transactions.js';
import { db, tableName } from '../lib/dynamo.js';
import { logger } from '../lib/logger.js';

export type NotificationKind = (typeof notificationKinds)[number];

export interface NotificationEvent {
  kind: NotificationKind;
  title: string;
  body?: string;
  /** SPA path to open, e.g. '/quotes?q=DEV-2026-0001' */
  link?: string;
}

/** How long a notification is kept, in seconds (90 days). */
export const notificationTtlSeconds = 90 * 24 * 60 * 60;

/** The sort-key prefix of notifications in a company's partition. */
export const notificationSkPrefix = 'NOTIF#';

/** The stored record of a notification (without `readBy`, which is added as users read it). */
export function notificationRecord(
  companyId: string,
  event: NotificationEvent,
  now: Date = new Date(),
): Record<string, unknown> {
  const id = newId();
  const createdAt = now.toISOString();
  return {
    pk: companyPk(companyId),
    sk: `${notificationSkPrefix}${createdAt}#${id}`,
    entityType: 'NOTIFICATION',
    id,
    companyId,
    kind: event.kind,
    title: event.title,
    ...(event.body !== undefined ? { body: event.body } : {}),
    ...(event.link !== undefined ? { link: event.link } : {}),
    createdAt,
    expiresAt: Math.floor(now.getTime() / 1000) + notificationTtlSeconds,
  };
}

/** The items that record a notification for every user of the company, to put in the caller's own transaction. */
export function notificationItems(companyId: string, event: NotificationEvent): TransactItem[] {
  return [{ Put: { TableName: tableName(), Item: notificationRecord(companyId, event) } }];
}

/** Records it on its own (best effort: logs and swallows a failure, a notification never fails the caller). */
export async function notify(companyId: string, event: NotificationEvent): Promise<void> {
  try {
    await db().send(new PutCommand({ TableName: tableName(), Item: notificationRecord(companyId, event) }));
  } catch (error) {
    logger.warn('Notification non enregistrée', { companyId, kind: event.kind, error });
  }
}
