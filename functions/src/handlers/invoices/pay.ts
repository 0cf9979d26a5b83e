import { invoicePayParser } from '@btp/shared/entities/invoice-pay-input';
import { payInvoice } from '../../invoicing/invoice-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/invoices/{id}/pay: sent (or overdue) → paid. */
export const handler = createHandler(
  { body: invoicePayParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await payInvoice(companyOf(principal), params.id, body),
  }),
);
