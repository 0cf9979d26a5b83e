import { invoiceCreateParser } from '@btp/shared/entities/invoice-input';
import { createInvoice } from '../../invoicing/invoice-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/invoices: a new draft, without a number. */
export const handler = createHandler({ body: invoiceCreateParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createInvoice(companyOf(principal), body),
}));
