import { listQuery } from '@btp/shared/list';
import { listDocuments } from '../../documents/document-service.js';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/documents: the company's documents (uploads completed only), most recent first. */
export const handler = createHandler({ query: listQuery }, async ({ query, principal }) => {
  const page = await listDocuments(companyOf(principal), query);
  return listResponse(page.items, page.nextCursor);
});
