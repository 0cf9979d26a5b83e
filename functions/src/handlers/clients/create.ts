import { clientCreateParser } from '@btp/shared/entities/client-input';
import { createClient } from '../../clients/client-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/clients: 201 with the created record. */
export const handler = createHandler({ body: clientCreateParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createClient(companyOf(principal), body),
}));
