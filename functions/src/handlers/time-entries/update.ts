import { timeEntryUpdateInput } from '@btp/shared/entities/time-entry';
import { updateTimeEntry } from '../../job-costing/time-entry-service.js';
import { actorOf } from '../../job-costing/actor.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** PUT /api/time-entries/{id}: the whole editable record, optionally with the `version` read. */
export const handler = createHandler(
  { body: timeEntryUpdateInput, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateTimeEntry(companyOf(principal), actorOf(principal), params.id, body),
  }),
);
