// zod's own messages in French (`lib/http.ts` no longer loads them for every route).
import '@btp/shared/zod-fr';
import * as z from 'zod';

/**
 * `{id}` path parameter. Any id that is not one of the caller's records is simply not found (404),
 * so only its size is checked here.
 */
export const idParams = z.object({ id: z.string().min(1).max(100) });
