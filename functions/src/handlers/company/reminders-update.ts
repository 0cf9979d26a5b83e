import { reminderSettingsParser } from '@btp/shared/reminders-input';
import { updateReminderSettings } from '../../company/company-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** PUT /api/company/reminders (company_admin): automatic reminders on or off, their subject and text. */
export const handler = createHandler({ body: reminderSettingsParser }, async ({ body, principal }) => ({
  body: await updateReminderSettings(companyOf(principal), body),
}));
