import { libraryQuery } from '@btp/shared/entities/library-query';
import { listArticles } from '../../library/article-service.js';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/library/articles: family then designation order, or `q` searched; `limit`, `cursor`, `x-next-cursor`. */
export const handler = createHandler({ query: libraryQuery }, async ({ query, principal }) => {
  const page = await listArticles(companyOf(principal), query);
  return listResponse(page.items, page.nextCursor);
});
