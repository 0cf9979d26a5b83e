import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { getPriceListImport } from '../../library/price-list-import.js';

/** GET /api/library/imports/{id}: the job's status, progress and report; 404 for another company's. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await getPriceListImport(companyOf(principal), params.id),
}));
