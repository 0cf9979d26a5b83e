import { searchableListQuery } from '@btp/shared/list';
import { listDocuments } from '../../documents/document-list.js';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * GET /api/documents: the company's documents (uploads completed only), most recent first, filtered
 * by `q` (`limit`, `cursor`, `x-next-cursor`). Read from the table alone: nothing of the documents
 * bucket (and so no S3 client) is loaded.
 */
export const handler = createHandler(
  { query: searchableListQuery('documents') },
  async ({ query, principal }) => {
    const page = await listDocuments(companyOf(principal), query);
    return listResponse(page.items, page.nextCursor);
  },
);
