import { projectCreateParser } from '@btp/shared/entities/project-input';
import { createProject } from '../../projects/project-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/projects: 201 with the created record. */
export const handler = createHandler({ body: projectCreateParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createProject(companyOf(principal), body),
}));
