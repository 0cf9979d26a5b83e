import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { getProgressReport } from '../../work-tracking/progress-report-service.js';

/** GET /api/progress-reports/{id}. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await getProgressReport(companyOf(principal), params.id),
}));
