import { notificationReadInput } from '@btp/shared/notifications';
import { markNotificationsRead } from '../../notifications/notification-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/notifications/read: marks the given notifications (`ids`), or all, read for the caller. */
export const handler = createHandler({ body: notificationReadInput }, async ({ body, principal }) => ({
  body: await markNotificationsRead(companyOf(principal), principal?.userId ?? '', body.ids),
}));
