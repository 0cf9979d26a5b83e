import { costSheetQuery } from '@btp/shared/cost-sheet';
import { costSheetUrl } from '../../job-costing/cost-sheet-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
// The S3 package loaded at start: this function uses the bucket on every call (lib/s3-at-start.ts).
import '../../lib/s3-at-start.js';

/** GET /api/projects/{id}/cost-sheet?format=pdf|csv: `{url}`, a presigned GET (5 min) of the chantier's cost sheet. */
export const handler = createHandler(
  { params: idParams, query: costSheetQuery },
  async ({ params, query, principal }) => ({
    body: await costSheetUrl(companyOf(principal), params.id, query.format),
  }),
);
