import { ouvrageCreateParser } from '@btp/shared/entities/ouvrage-input';
import { createOuvrage } from '../../library/ouvrage-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/library/ouvrages: 201 with the ouvrage and its déboursé; 400 naming a component (unknown, cycle, 4th level). */
export const handler = createHandler({ body: ouvrageCreateParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createOuvrage(companyOf(principal), body),
}));
