import { searchableListQuery } from '@btp/shared/list';
import { listProjects } from '../../projects/project-service.js';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/projects: the company's projects, each with `client{id,name}`, most recent first or as `sort` says, filtered by `q` (`limit`, `cursor`, `x-next-cursor`). */
export const handler = createHandler(
  { query: searchableListQuery('projects') },
  async ({ query, principal }) => {
    const page = await listProjects(companyOf(principal), query);
    return listResponse(page.items, page.nextCursor);
  },
);
