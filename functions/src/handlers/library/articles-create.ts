import { articleCreateParser } from '@btp/shared/entities/article-input';
import { createArticle } from '../../library/article-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/library/articles: 201 with the article; 409 when its reference exists at that supplier. */
export const handler = createHandler({ body: articleCreateParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createArticle(companyOf(principal), body),
}));
