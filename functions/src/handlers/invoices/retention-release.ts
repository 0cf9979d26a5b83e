import { retentionReleaseParser } from '@btp/shared/entities/invoice-input';
import { releaseRetention } from '../../invoicing/situations.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/invoices/{id}/retention/release: the retention of a situation paid to the company. */
export const handler = createHandler(
  { body: retentionReleaseParser, params: idParams },
  async ({ body, params, principal }) => ({
    statusCode: 200,
    body: await releaseRetention(companyOf(principal), params.id, body),
  }),
);
