import { reminderSettingsInput } from '@btp/shared/reminders';
import { updateReminderSettings } from '../../company/company-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** PUT /api/company/reminders (company_admin): automatic reminders on or off, their subject and text. */
export const handler = createHandler({ body: reminderSettingsInput }, async ({ body, principal }) => ({
  body: await updateReminderSettings(companyOf(principal), body),
}));
