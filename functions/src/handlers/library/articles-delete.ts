import { deleteArticle } from '../../library/article-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** DELETE /api/library/articles/{id}: 204; 409 naming an ouvrage while one uses it. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => {
  await deleteArticle(companyOf(principal), params.id);
  return { statusCode: 204 };
});
