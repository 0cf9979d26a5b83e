import { progressReportSignParser } from '@btp/shared/entities/progress-report-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { signProgressReport } from '../../work-tracking/progress-report-service.js';

/**
 * PATCH /api/progress-reports/{id}/sign `{signerName}`: validated → signed. The body is parsed by
 * hand (`progress-report-input.ts`): the function starts without zod.
 */
export const handler = createHandler(
  { body: progressReportSignParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await signProgressReport(companyOf(principal), params.id, body.signerName),
  }),
);
