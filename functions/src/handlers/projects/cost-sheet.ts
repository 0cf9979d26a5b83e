import { costSheetQuery } from '@btp/shared/cost-sheet';
import { costSheetUrl } from '../../job-costing/cost-sheet-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/projects/{id}/cost-sheet?format=pdf|csv: `{url}`, a presigned GET (5 min) of the chantier's cost sheet. */
export const handler = createHandler(
  { params: idParams, query: costSheetQuery },
  async ({ params, query, principal }) => ({
    body: await costSheetUrl(companyOf(principal), params.id, query.format),
  }),
);
