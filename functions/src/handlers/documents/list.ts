import { listQuery } from '@btp/shared/list';
import { documents } from '../../data/entities/documents.js';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * GET /api/documents: the company's documents (uploads completed only), most recent first. Read from
 * the table alone: nothing of the documents bucket (and so no S3 client) is loaded.
 */
export const handler = createHandler({ query: listQuery }, async ({ query, principal }) => {
  const page = await documents.list(companyOf(principal), query);
  return listResponse(page.items, page.nextCursor);
});
