import { projectUpdateParser } from '@btp/shared/entities/project-input';
import { updateProject } from '../../projects/project-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** PUT /api/projects/{id}: the whole editable record, optionally with the `version` read. */
export const handler = createHandler(
  { body: projectUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateProject(companyOf(principal), params.id, body),
  }),
);
