import { supplierInvoiceCreateParser } from '@btp/shared/entities/supplier-invoice-input';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';
import { createSupplierInvoice } from '../../purchases/supplier-invoice-service.js';

/** POST /api/supplier-invoices: recorded with the next `FF-…` number. */
export const handler = createHandler({ body: supplierInvoiceCreateParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createSupplierInvoice(companyOf(principal), body),
}));
