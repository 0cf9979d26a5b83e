import { progressReportSignInput } from '@btp/shared/entities/progress-report';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { signProgressReport } from '../../work-tracking/progress-report-service.js';

/** PATCH /api/progress-reports/{id}/sign `{signerName}`: validated → signed. */
export const handler = createHandler(
  { body: progressReportSignInput, params: idParams },
  async ({ body, params, principal }) => ({
    body: await signProgressReport(companyOf(principal), params.id, body.signerName),
  }),
);
