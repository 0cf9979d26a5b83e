import { quoteInvoiceInput } from '@btp/shared/entities/quote';
import { invoiceQuote } from '../../invoicing/quote-invoicing.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/quotes/{id}/invoices: a draft invoice of a validated quote, the whole of it or a deposit. */
export const handler = createHandler(
  { body: quoteInvoiceInput, params: idParams },
  async ({ body, params, principal }) => ({
    statusCode: 201,
    body: await invoiceQuote(companyOf(principal), params.id, body),
  }),
);
