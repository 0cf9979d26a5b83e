import { quoteInvoiceParser } from '@btp/shared/entities/quote-input';
import { invoiceQuote } from '../../invoicing/quote-invoicing.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/quotes/{id}/invoices: a draft invoice of a validated quote, the whole of it or a deposit. */
export const handler = createHandler(
  { body: quoteInvoiceParser, params: idParams },
  async ({ body, params, principal }) => ({
    statusCode: 201,
    body: await invoiceQuote(companyOf(principal), params.id, body),
  }),
);
