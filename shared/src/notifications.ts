/**
 * The notification bell (docs/reminders-notifications.md): the events of the company (a quote
 * accepted online, an invoice paid, an e-mail bounced or not sent, a reminder sent), each read or
 * not by the signed-in user.
 */
import * as z from './lazy-zod.js';
import { NOTIFICATION_LIST_LIMIT, notificationKinds } from './notification-kinds.js';
import { notificationReadMessages } from './notification-read-input.js';
import './zod-fr.js';

export { NOTIFICATION_LIST_LIMIT, notificationKinds } from './notification-kinds.js';

/** One notification as `GET /api/notifications` answers it. */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string().optional(),
  /** A path of the SPA to open. */
  link: z.string().optional(),
  createdAt: z.string(),
  /** Whether the signed-in user has read it. */
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications` and `POST /api/notifications/read` answer. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** How many of `items` the user has not read. */
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** `POST /api/notifications/read` body: the ids to mark read, or none for all of them. */
export const notificationReadInput = z.object({
  ids: z
    .array(z.string().min(1).max(100), { error: notificationReadMessages.invalid })
    .max(NOTIFICATION_LIST_LIMIT, notificationReadMessages.tooMany)
    .optional(),
});
export type NotificationReadInput = z.input<typeof notificationReadInput>;
