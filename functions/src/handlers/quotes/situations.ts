import { situationParser } from '@btp/shared/entities/situation-input';
import { createSituation } from '../../invoicing/situations.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/quotes/{id}/situations: a draft situation de travaux of an accepted quote (DOCUMENTS.md § 4). */
export const handler = createHandler(
  { body: situationParser, params: idParams },
  async ({ body, params, principal }) => ({
    statusCode: 201,
    body: await createSituation(companyOf(principal), params.id, body),
  }),
);
