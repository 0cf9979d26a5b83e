import { supplierInvoicePayParser } from '@btp/shared/entities/supplier-invoice-pay-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { paySupplierInvoice } from '../../purchases/supplier-invoice-service.js';

/** POST /api/supplier-invoices/{id}/pay: a payment (or a credit note's refund); `paid` when nothing remains. */
export const handler = createHandler(
  { body: supplierInvoicePayParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await paySupplierInvoice(companyOf(principal), params.id, body),
  }),
);
