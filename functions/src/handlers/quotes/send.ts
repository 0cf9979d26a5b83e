import { updateVersionFields } from '@btp/shared/record';
import '@btp/shared/zod-fr';
import * as z from 'zod';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { sendQuote } from '../../quotes/quote-sending.js';

/** POST /api/quotes/{id}/send: draft → sent, `sentAt` set. The body may carry the `version` read. */
export const handler = createHandler(
  { body: z.object(updateVersionFields), params: idParams },
  async ({ body, params, principal }) => ({
    body: await sendQuote(companyOf(principal), params.id, body.version),
  }),
);
