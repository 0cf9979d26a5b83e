import { invoiceUpdateParser } from '@btp/shared/entities/invoice-input';
import { updateInvoice } from '../../invoicing/invoice-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** PUT /api/invoices/{id}: drafts only. */
export const handler = createHandler(
  { body: invoiceUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateInvoice(companyOf(principal), params.id, body),
  }),
);
