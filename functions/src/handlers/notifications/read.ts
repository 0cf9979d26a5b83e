import { notificationReadParser } from '@btp/shared/notification-read-input';
import { markNotificationsRead } from '../../notifications/notification-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/notifications/read: marks the given notifications (`ids`), or all, read for the caller.
 * The body is parsed by hand (no zod at start: issue 27).
 */
export const handler = createHandler({ body: notificationReadParser }, async ({ body, principal }) => ({
  body: await markNotificationsRead(companyOf(principal), principal?.userId ?? '', body.ids),
}));
