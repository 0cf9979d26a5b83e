import { articleCreateInput } from '@btp/shared/entities/library';
import { createArticle } from '../../library/article-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/library/articles: 201 with the article; 409 when its reference exists at that supplier. */
export const handler = createHandler({ body: articleCreateInput }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createArticle(companyOf(principal), body),
}));
