import { getArticle } from '../../library/article-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/library/articles/{id}: 404 for an unknown id or another company's. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await getArticle(companyOf(principal), params.id),
}));
