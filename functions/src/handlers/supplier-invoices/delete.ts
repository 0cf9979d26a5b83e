import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { deleteSupplierInvoice } from '../../purchases/supplier-invoice-service.js';

/** DELETE /api/supplier-invoices/{id}. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => {
  await deleteSupplierInvoice(companyOf(principal), params.id);
  return { statusCode: 204 };
});
