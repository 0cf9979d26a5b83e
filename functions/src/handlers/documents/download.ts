import { documentDownloadQueryParser } from '@btp/shared/entities/document-input';
import { downloadUrl } from '../../documents/document-download.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * GET /api/documents/{id}/download: `{url}`, a presigned GET valid 5 minutes; `?inline=1` asks for a
 * URL the browser shows (PDFs, images) instead of saving it (parsed without zod).
 */
export const handler = createHandler(
  { params: idParams, query: documentDownloadQueryParser },
  async ({ params, query, principal }) => ({
    body: await downloadUrl(companyOf(principal), params.id, query.inline),
  }),
);
