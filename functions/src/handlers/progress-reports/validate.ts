import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { validateProgressReport } from '../../work-tracking/progress-report-service.js';

/** PATCH /api/progress-reports/{id}/validate (empty body): pending → validated. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await validateProgressReport(companyOf(principal), params.id),
}));
