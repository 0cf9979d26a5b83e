import { deleteInvoice } from '../../invoicing/invoice-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** DELETE /api/invoices/{id}: drafts only; a numbered invoice is never deleted. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => {
  await deleteInvoice(companyOf(principal), params.id);
  return { statusCode: 204 };
});
