import { einvoicingSettingsParser } from '@btp/shared/einvoicing-network-input';
import { saveEinvoicingSettings } from '../../einvoicing/exchange/platform-connection.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * PUT /api/company/einvoicing (company_admin): `platformUrl`, `clientId`, `clientSecret`
 * (write-only: Secrets Manager on AWS, the local secrets file locally), `enabled`.
 */
export const handler = createHandler({ body: einvoicingSettingsParser }, async ({ body, principal }) => ({
  body: await saveEinvoicingSettings(companyOf(principal), body),
}));
