import { listNotifications } from '../../notifications/notification-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/notifications: the company's latest 50 notifications, read or not by the caller, and `unreadCount`. */
export const handler = createHandler({}, async ({ principal }) => ({
  body: await listNotifications(companyOf(principal), principal?.userId ?? ''),
}));
