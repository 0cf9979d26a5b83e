import { progressReportUpdateInput } from '@btp/shared/entities/progress-report';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { updateProgressReport } from '../../work-tracking/progress-report-service.js';

/** PUT /api/progress-reports/{id}: never changes the status; a signed report is final (409). */
export const handler = createHandler(
  { body: progressReportUpdateInput, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateProgressReport(companyOf(principal), params.id, body),
  }),
);
