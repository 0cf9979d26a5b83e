import { timeEntryUpdateParser } from '@btp/shared/entities/time-entry-input';
import { updateTimeEntry } from '../../job-costing/time-entry-service.js';
import { actorOf } from '../../job-costing/actor.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * PUT /api/time-entries/{id}: the whole editable record, optionally with the `version` read. The
 * body is parsed by hand (`time-entry-input.ts`): the function starts without zod.
 */
export const handler = createHandler(
  { body: timeEntryUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateTimeEntry(companyOf(principal), actorOf(principal), params.id, body),
  }),
);
