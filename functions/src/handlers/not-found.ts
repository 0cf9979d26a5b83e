import { createHandler } from '../lib/http.js';
import { HttpError, messages } from '../lib/http-errors.js';

/** Any /api path that no route serves: the contract's 404 JSON answer. */
export const handler = createHandler({}, async () => {
  throw new HttpError(404, 'not_found', messages.unknownRoute);
});
