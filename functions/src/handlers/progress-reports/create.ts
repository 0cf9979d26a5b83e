import { progressReportCreateInput } from '@btp/shared/entities/progress-report';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';
import { createProgressReport } from '../../work-tracking/progress-report-service.js';

/** POST /api/progress-reports: a new pending report. */
export const handler = createHandler({ body: progressReportCreateInput }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createProgressReport(companyOf(principal), body),
}));
