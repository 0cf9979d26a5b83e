import { supplierInvoiceUpdateParser } from '@btp/shared/entities/supplier-invoice-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { updateSupplierInvoice } from '../../purchases/supplier-invoice-service.js';

/** PUT /api/supplier-invoices/{id}: every field, status included. */
export const handler = createHandler(
  { body: supplierInvoiceUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateSupplierInvoice(companyOf(principal), params.id, body),
  }),
);
