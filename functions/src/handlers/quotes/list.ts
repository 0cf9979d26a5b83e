import { searchableListQuery } from '@btp/shared/list';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';
import { listQuotes } from '../../quotes/quote-service.js';

/** GET /api/quotes: most recent first (or `sort`, filtered by `q`), without lines, with `client{id,name}` and `project{id,name}`. */
export const handler = createHandler(
  { query: searchableListQuery('quotes') },
  async ({ query, principal }) => {
    const page = await listQuotes(companyOf(principal), query);
    return listResponse(page.items, page.nextCursor);
  },
);
