import { supplierInvoiceLifecycle } from '../../einvoicing/exchange/lifecycles.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * GET /api/supplier-invoices/{id}/lifecycle: a supplier invoice received through the platform —
 * its flow, the seller's SIREN and every status (`null` for one typed or uploaded).
 */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await supplierInvoiceLifecycle(companyOf(principal), params.id),
}));
