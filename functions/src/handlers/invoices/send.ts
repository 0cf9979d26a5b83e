import { invoiceSendInput } from '@btp/shared/entities/invoice';
import { sendInvoice } from '../../invoicing/invoice-sending.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/invoices/{id}/send: draft → issued with the next gapless number of its series (`FAC`,
 * `AV` for a credit note), dates and snapshots. The body carries the `version` the person saw.
 */
export const handler = createHandler(
  { body: invoiceSendInput, params: idParams },
  async ({ body, params, principal }) => ({
    body: await sendInvoice(companyOf(principal), params.id, body.version),
  }),
);
