import { pdfUrlQueryParser } from '@btp/shared/document-pdf-query';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { quotePdfUrl } from '../../pdf/pdf-service.js';

/**
 * GET /api/quotes/{id}/pdf: `{url}`, a presigned GET valid 5 minutes of the quote's PDF (a draft's
 * "BROUILLON" preview, or the PDF archived when it was sent); `?disposition=inline` to show it in
 * the browser, `attachment` (the default) to save it.
 */
export const handler = createHandler(
  { params: idParams, query: pdfUrlQueryParser },
  async ({ params, query, principal }) => ({
    body: await quotePdfUrl(companyOf(principal), params.id, query.disposition),
  }),
);
