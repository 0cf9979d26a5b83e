import { progressReportCreateParser } from '@btp/shared/entities/progress-report-input';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';
import { createProgressReport } from '../../work-tracking/progress-report-service.js';

/**
 * POST /api/progress-reports: a new pending report. The body is parsed by hand
 * (`progress-report-input.ts`): the function starts without zod.
 */
export const handler = createHandler({ body: progressReportCreateParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createProgressReport(companyOf(principal), body),
}));
