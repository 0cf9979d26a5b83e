import type { SetupStatusResponse } from '@btp/shared/system';
import { createHandler } from '../../lib/http.js';
import { isInstalled } from '../../setup/installation.js';

/** GET /api/setup/status: `installed` once a super administrator exists. */
export const handler = createHandler({}, async () => {
  const body: SetupStatusResponse = { installed: await isInstalled() };
  return { body };
});
