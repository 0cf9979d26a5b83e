import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { getSupplierInvoice } from '../../purchases/supplier-invoice-service.js';

/** GET /api/supplier-invoices/{id}, with its supplier and project. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await getSupplierInvoice(companyOf(principal), params.id),
}));
