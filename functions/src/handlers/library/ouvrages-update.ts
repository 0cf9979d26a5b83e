import { ouvrageUpdateParser } from '@btp/shared/entities/ouvrage-input';
import { updateOuvrage } from '../../library/ouvrage-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** PUT /api/library/ouvrages/{id}: the whole editable record, optionally with the `version` read. */
export const handler = createHandler(
  { body: ouvrageUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateOuvrage(companyOf(principal), params.id, body),
  }),
);
