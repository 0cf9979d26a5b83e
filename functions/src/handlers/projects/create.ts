import { projectCreateInput } from '@btp/shared/entities/project';
import { createProject } from '../../projects/project-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/projects: 201 with the created record. */
export const handler = createHandler({ body: projectCreateInput }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createProject(companyOf(principal), body),
}));
