// zod's own messages in French (`lib/http.ts` no longer loads them for every route).
import '@btp/shared/zod-fr';
import * as z from 'zod';
import { createHandler } from '../../lib/http.js';
import { clientIp, readPublicQuote } from '../../quotes/online-acceptance.js';

/** `{token}` of an acceptance link: any string of a sensible size; an unknown one is a 404. */
export const tokenParams = z.object({ token: z.string().min(1).max(200) });

/**
 * GET /api/public/quotes/{token} (public): the sent quote's summary for the client's "Bon pour
 * accord" page, with a presigned URL of its PDF (docs/online-acceptance.md).
 */
export const handler = createHandler({ params: tokenParams }, async ({ params, headers, event }) => ({
  body: await readPublicQuote(params.token, clientIp(headers, event.requestContext.http.sourceIp)),
}));
