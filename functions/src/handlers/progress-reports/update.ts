import { progressReportUpdateParser } from '@btp/shared/entities/progress-report-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { updateProgressReport } from '../../work-tracking/progress-report-service.js';

/**
 * PUT /api/progress-reports/{id}: never changes the status; a signed report is final (409). The body
 * is parsed by hand (`progress-report-input.ts`): the function starts without zod.
 */
export const handler = createHandler(
  { body: progressReportUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateProgressReport(companyOf(principal), params.id, body),
  }),
);
