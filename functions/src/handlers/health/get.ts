import type { HealthResponse } from '@btp/shared/system';
import { createHandler } from '../../lib/http.js';

/** GET /api/health: the API answers. */
export const handler = createHandler({}, async () => {
  const body: HealthResponse = { status: 'ok' };
  return { body };
});
