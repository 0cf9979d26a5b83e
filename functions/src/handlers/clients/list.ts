import { searchableListQuery } from '@btp/shared/list';
import { listClients } from '../../clients/client-service.js';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/clients: the company's clients, most recent first or as `sort` says, filtered by `q` (`limit`, `cursor`, `x-next-cursor`). */
export const handler = createHandler(
  { query: searchableListQuery('clients') },
  async ({ query, principal }) => {
    const page = await listClients(companyOf(principal), query);
    return listResponse(page.items, page.nextCursor);
  },
);
