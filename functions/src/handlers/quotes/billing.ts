import { quoteBilling } from '../../invoicing/situations.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/quotes/{id}/billing: "Facturation du marché" of a quote (situations, deposits, retention). */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  statusCode: 200,
  body: await quoteBilling(companyOf(principal), params.id),
}));
