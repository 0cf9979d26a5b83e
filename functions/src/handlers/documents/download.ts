import '@btp/shared/zod-fr';
import * as z from 'zod';
import { downloadUrl } from '../../documents/document-download.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** `?inline=1` asks for a URL the browser shows (PDFs, images) instead of saving it. */
const downloadQuery = z.object({
  inline: z
    .enum(['0', '1', 'true', 'false'], { error: 'La valeur de inline doit être 1 ou 0' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

/** GET /api/documents/{id}/download: `{url}`, a presigned GET valid 5 minutes. */
export const handler = createHandler(
  { params: idParams, query: downloadQuery },
  async ({ params, query, principal }) => ({
    body: await downloadUrl(companyOf(principal), params.id, query.inline),
  }),
);
