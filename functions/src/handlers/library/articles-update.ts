import { articleUpdateParser } from '@btp/shared/entities/article-input';
import { updateArticle } from '../../library/article-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** PUT /api/library/articles/{id}: the whole editable record, optionally with the `version` read. */
export const handler = createHandler(
  { body: articleUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateArticle(companyOf(principal), params.id, body),
  }),
);
