import { clientUpdateParser } from '@btp/shared/entities/client-input';
import { updateClient } from '../../clients/client-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** PUT /api/clients/{id}: the whole editable record, optionally with the `version` read. */
export const handler = createHandler(
  { body: clientUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateClient(companyOf(principal), params.id, body),
  }),
);
