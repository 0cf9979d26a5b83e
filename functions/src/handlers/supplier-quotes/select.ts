import { updateVersionFields } from '@btp/shared/record';
// The shared modules' zod (French messages; a schema holding their fields is built with them).
import * as z from '@btp/shared/lazy-zod';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { selectSupplierQuote } from '../../purchases/supplier-quote-service.js';

/**
 * POST /api/supplier-quotes/{id}/select: a received request becomes the selected one of its
 * project. The body may carry the `version` read.
 */
export const handler = createHandler(
  { body: z.object(updateVersionFields), params: idParams },
  async ({ body, params, principal }) => ({
    body: await selectSupplierQuote(companyOf(principal), params.id, body.version),
  }),
);
